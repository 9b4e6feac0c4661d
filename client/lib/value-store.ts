// One value outside React's state, for the one element that shows it: setting it renders the components that read it
// with useStoredValue, not the component that created it (a list page opening a dialog renders the dialog alone).
import { useEffect, useState, useSyncExternalStore } from 'react';

export interface ValueStore<T> {
  get: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function useStoredValue<T>(store: Pick<ValueStore<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}

/**
 * The store's value as state: a change made outside an event (an answer opening a dialog) renders at the default
 * priority, so React runs the new content's effects after the commit's task, not inside it before the paint, as an
 * external store's change (always synchronous) made it.
 */
export function useStoredState<T>(store: Pick<ValueStore<T>, 'get' | 'subscribe'>): T {
  const { get, subscribe } = store;
  const [value, setValue] = useState(get);
  useEffect(() => {
    const follow = () => setValue(() => get());
    // A change between the render and this subscription.
    follow();
    return subscribe(follow);
  }, [get, subscribe]);
  return value;
}
