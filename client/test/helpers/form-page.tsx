// A list page with its form, rendered as a user meets it, over a scripted backend: `fetch` answers per
// "METHOD /path" from the test's handlers and records every call (the client's one HTTP client uses fetch).
import { waitFor } from '@testing-library/react';
import { App } from 'antd';
import { expect, vi } from 'vitest';
import { ListView } from '../../components/table-page/list-view';
import type { ViewSpec } from '../../components/table-page/view-spec';
import type { FormSpec } from '../../components/form-kit/form-spec';
import { fieldControls } from '../../components/form-kit/form-keys';
import { rememberIntro } from '../../lib/table/intro-cache';
import { storage, StorageKeys } from '../../lib/storage';
import { signIn } from './session';
import { render } from './render';

// jsdom has no pseudo-element styles: antd's scroll lock asks for the scrollbar's on every dialog and jsdom
// prints a stack each time. The element's own style answers that question well enough here.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((element: Element) => elementStyle(element)) as typeof window.getComputedStyle;

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export type Handler = (call: Call) => unknown | Promise<unknown>;

export interface Backend {
  /** The calls that reached the backend, in that order. */
  calls: Call[];
  /** Every call the page sent, as it sent it (a read sent with a write reaches the backend after the write). */
  sent: Call[];
  /** Calls to one "METHOD /path". */
  callsTo: (route: string) => Call[];
  /** Replaces (or adds) the answer of one "METHOD /path". */
  answer: (route: string, handler: Handler) => void;
}

export const ok = { code: 200, data: { message: '成功' } };
export const listOf = (rows: Record<string, unknown>[]) => ({ code: 200, data: { rows, total: rows.length } });

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * `fetch` answered by the handlers, behind the gateway's ordering (server/plugins/read-after-write.ts): a read sent
 * with `X-After-Write` reaches the backend once the write it names has been answered, and one naming no write sent
 * before it is answered 409.
 */
export function scriptBackend(handlers: Record<string, Handler>): Backend {
  const routes = new Map(Object.entries(handlers));
  const calls: Call[] = [];
  const sent: Call[] = [];
  const writes = new Map<string, Promise<unknown>>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace(/^\/jshERP-boot/, '');
      const method = (init?.method ?? 'GET').toUpperCase();
      // An upload's FormData is kept as sent (its parts are what the test reads); JSON bodies are parsed.
      const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = new Headers(init?.headers);
      const call: Call = { method, path, query: url.searchParams, body, headers };
      sent.push(call);
      const afterWrite = headers.get('x-after-write');
      if (afterWrite !== null) {
        const write = writes.get(afterWrite);
        if (!write)
          return jsonResponse({ code: 409, data: { message: '所等待的写入未到达网关' }, requestId: '1' }, 409);
        await write.catch(() => undefined);
      }
      calls.push(call);
      const handler = routes.get(`${method} ${path}`);
      const answered = Promise.resolve(
        handler ? handler(call) : { code: 500, data: { message: `no answer scripted for ${method} ${path}` } },
      );
      const writeId = headers.get('x-write-id');
      if (writeId !== null) writes.set(writeId, answered);
      return jsonResponse(await answered);
    }),
  );
  return {
    calls,
    sent,
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    answer: (route, handler) => {
      routes.set(route, handler);
    },
  };
}

/** The button codes the logged-in user holds on `pageUrl`; undefined = the admin login (every button). */
export function holdButtons(pageUrl: string, btnStr: string | undefined): void {
  if (btnStr === undefined) storage.remove(StorageKeys.buttonPermissions);
  else storage.set(StorageKeys.buttonPermissions, [{ url: pageUrl, btnStr }]);
}

export async function renderListPage(view: ViewSpec, form: FormSpec) {
  rememberIntro(storage, view.pageKey, 1);
  signIn();
  const utils = render(
    <App>
      <ListView spec={{ ...view, form }} />
    </App>,
  );
  await waitFor(() => expect(document.querySelector('.table-page')?.getAttribute('aria-busy')).toBe('false'));
  return utils;
}

// Role queries compute accessibility over all of antd's markup (seconds per query in jsdom): these find by text.

const compact = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '');
const ROW_LINKS = 'a, button.row-link';

/** The button whose text is `label` (antd spaces two-character labels: 保 存). */
export function buttonNamed(label: string, container: ParentNode = document): HTMLButtonElement {
  const found = Array.from(container.querySelectorAll('button')).find((b) => compact(b.textContent) === label);
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

export function queryButton(label: string, container: ParentNode = document): HTMLButtonElement | undefined {
  return Array.from(container.querySelectorAll('button')).find((b) => compact(b.textContent) === label);
}

/** The row action (a link-styled button) whose text is `label`. */
export function linkNamed(label: string, container: ParentNode = document): HTMLElement {
  const found = Array.from(container.querySelectorAll<HTMLElement>(ROW_LINKS)).find(
    (a) => compact(a.textContent) === label,
  );
  if (!found) throw new Error(`no link ${label}`);
  return found;
}

export function queryLink(label: string, container: ParentNode = document): HTMLElement | undefined {
  return Array.from(container.querySelectorAll<HTMLElement>(ROW_LINKS)).find((a) => compact(a.textContent) === label);
}

/** The open form dialog (the last one standing). */
export async function formDialog(): Promise<HTMLElement> {
  let dialog: HTMLElement | undefined;
  await waitFor(() => {
    const open = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal:not(.ant-modal-confirm)'));
    dialog = open.at(-1);
    const form = dialog?.querySelector('form');
    expect(form).toBeTruthy();
    // The form puts the cursor in its first field a frame after it opens; a user types after that, not before.
    if (fieldControls(form!).length > 0) expect(form!.contains(document.activeElement)).toBe(true);
  });
  return dialog!;
}

export function dialogGone(): Promise<void> {
  return waitFor(() => expect(document.querySelector('.ant-modal:not(.ant-modal-confirm) form')).toBeNull());
}

/** The row of the list showing `text` in one of its cells. */
export function rowWith(text: string): HTMLElement {
  const cell = Array.from(document.querySelectorAll('td')).find((c) => c.textContent === text);
  if (!cell) throw new Error(`no row with ${text}`);
  return cell.closest('tr') as HTMLElement;
}

/** A name check's answer (checkIsNameExist and the like): taken for the names given, free for any other. */
export const nameCheck =
  (...taken: string[]): Handler =>
  (call) => {
    const name = call.query.get('name');
    return { code: 200, data: { message: '成功', status: name !== null && taken.includes(name) } };
  };

/** The OK button of the open Popconfirm asking `question` (its last button). */
export function popconfirmOk(question: string): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const pop = Array.from(document.querySelectorAll<HTMLElement>('.ant-popover')).find((p) =>
      p.textContent?.includes(question),
    );
    expect(pop).toBeDefined();
    return Array.from(pop!.querySelectorAll('button')).at(-1)!;
  });
}

/** The open select's option titled `title`, once it is listed. */
export function selectOption(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
      (o) => o.getAttribute('title') === title,
    );
    expect(found).toBeDefined();
    return found!;
  });
}

/** The text of the messages shown (antd message). */
export function shownMessages(): string[] {
  return Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent ?? '');
}

/**
 * What a 采购入库 list and its 新增 form read besides the list: the supplier, depot, user and account lists, the
 * company name and a bill number (CGRK00000000680).
 */
export const PURCHASE_IN_FORM_ANSWERS: Record<string, Handler> = {
  'POST /supplier/findBySelect_sup': () => [{ id: 60, supplier: '广州安盾劳保用品厂' }],
  'GET /depot/findDepotByCurrentUser': () => ({
    code: 200,
    data: [{ id: 15, depotName: '东区仓库', isDefault: true }],
  }),
  'GET /user/getUserList': () => [],
  'GET /account/getAccount': () => ({ code: 200, data: { accountList: [{ id: 17, name: '现金', isDefault: true }] } }),
  'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: { companyName: '示例公司' } }),
  'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000680' } }),
};

/** A 采购入库 list of one unaudited bill, CGRK00000000307 from 广州安盾劳保用品厂. */
export const ONE_PURCHASE_IN_LIST: Handler = () =>
  listOf([
    {
      id: 307,
      number: 'CGRK00000000307',
      organName: '广州安盾劳保用品厂',
      status: '0',
      operTimeStr: '2026-11-20 10:00:00',
    },
  ]);
