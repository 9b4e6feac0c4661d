// The one memo of the sandbox's shared helpers: a kit (the helpers several controllers' route files share, closing
// over one sandbox state) is made once per state, on first use, and forgotten with the state.
import type { SandboxState } from './store.js';

export function perState<T>(make: (state: SandboxState) => T): (state: SandboxState) => T {
  const made = new WeakMap<SandboxState, T>();
  return (state) => {
    let value = made.get(state);
    if (value === undefined) {
      value = make(state);
      made.set(state, value);
    }
    return value;
  };
}
