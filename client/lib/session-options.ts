// Option lists — suppliers, customers, members, depots, accounts, people, users, roles, units, income/expense
// items, the department and category trees, the system configuration — are read once per session and shared by
// every tab and form: a list's filters, the bill and financial forms, the form kit's selects. A write this session
// makes (http's onSessionWrite) drops the lists of the module it wrote and those the module filters (a grant of
// depots or customers, a member's prepaid balance moved by a bill) at once, so the next reader asks again; the
// selects on screen hear of it a task later and re-read (told at once, React re-rendered them inside the write's
// answer, before the caller's next step: a save's list call left ~40 ms late); a logout (closeSessionCalls) drops
// everything. A failed or refused read is not kept.
//
// Why not TanStack Query: what the shell needs is this keyed promise map and its two invalidation rules. The library
// would add ~13 KB gzip, a provider every page and component test must mount, and defaults to switch off (retries,
// refetch on focus, stale timers) against an http client that already reports failures and drops calls at logout.
import { useSyncExternalStore } from 'react';
import { isOk } from './backend/envelope';
import { http, onSessionCallsClosed, onSessionWrite, type QueryParams } from './http';

type Method = 'get' | 'post';

interface Entry {
  path: string;
  module: string;
  promise: Promise<unknown>;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let version = 0;

/** Lists a write to another module changes besides its own: the grants that filter them, the balance a bill moves. */
const ALSO_CHANGED_BY: Record<string, readonly string[]> = {
  '/depot/findDepotByCurrentUser': ['userBusiness'],
  '/supplier/findBySelect_cus': ['userBusiness'],
  '/supplier/findBySelect_retail': ['accountHead', 'depotHead'],
  '/function/findRoleFunction': ['userBusiness'],
};

const moduleOf = (path: string): string => path.split('/').filter(Boolean)[0] ?? '';

/** The subscribers' notice of a drop, pending: several drops in one task are told once. */
let changeTold: ReturnType<typeof setTimeout> | undefined;

function changed(): void {
  version += 1;
  if (changeTold !== undefined) return;
  changeTold = setTimeout(() => {
    changeTold = undefined;
    for (const listener of listeners) listener();
  }, 0);
}

function drop(test: (entry: Entry) => boolean): void {
  let dropped = false;
  for (const [key, entry] of entries) {
    if (test(entry)) {
      entries.delete(key);
      dropped = true;
    }
  }
  if (dropped) changed();
}

onSessionWrite((path) => {
  const written = moduleOf(path);
  drop((entry) => entry.module === written || (ALSO_CHANGED_BY[entry.path] ?? []).includes(written));
});
onSessionCallsClosed(() => drop(() => true));

/**
 * The answer of an option call (undecoded: read it with optionList), asked once per session for this path and
 * these parameters (GET) or body (POST). `silent` is the first caller's: a failure is reported (or not) once.
 */
export function sessionOptions(
  method: Method,
  path: string,
  payload?: QueryParams | Record<string, unknown>,
  options: { silent?: boolean } = {},
): Promise<unknown> {
  const key = `${method} ${path}?${JSON.stringify(payload ?? {})}`;
  const found = entries.get(key);
  if (found) return found.promise;
  const promise =
    method === 'post'
      ? http.post<unknown>(path, payload ?? {}, options)
      : http.get<unknown>(path, payload as QueryParams | undefined, options);
  const entry: Entry = { path, module: moduleOf(path), promise };
  entries.set(key, entry);
  // A failure, or a refusal (`{code: 500, data: '获取数据失败'}`), is its caller's alone: the next one asks again.
  const forget = () => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  promise.then((body) => {
    if (!Array.isArray(body) && !isOk(body)) forget();
  }, forget);
  return promise;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever cached lists were dropped: a select lists it among its effect's dependencies to re-read. */
export function useSessionOptionsVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
}
