// The top progress bar's state: how many loads are under way (a route's code, a list's first page). Any part of
// the shell starts one and ends it; the bar shows while at least one runs.
import { useEffect, useSyncExternalStore } from 'react';

let active = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Marks a load as started; call the returned function once when it ends (later calls do nothing). */
export function startProgress(): () => void {
  active += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    active -= 1;
    emit();
  };
}

export function useProgressActive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active > 0,
    () => false,
  );
}

/** Counts as a load while `loading` is true (and while the caller stays mounted). */
export function useProgressWhile(loading: boolean): void {
  useEffect(() => (loading ? startProgress() : undefined), [loading]);
}
