// React.lazy suspends on a component's first render even when its module is already loaded, so a Suspense boundary
// shows its fallback and React holds the content back for up to 300 ms after that. When other updates land in the
// same moments (a login's notifications), the retry after such a suspension was seen to wait for an unrelated
// render: admin's first page stayed on the boot screen until its 30-second notice closed. A component made here
// renders at once when its code is loaded, and suspends only when it really has to fetch it.
import { lazy, useState, type ComponentType } from 'react';

export interface LoadedLazy<P extends object> {
  Component: ComponentType<P>;
  /** Starts loading the code (once); resolves when the component can render without suspending. */
  load: () => Promise<ComponentType<P>>;
}

export function loadedLazy<P extends object>(importComponent: () => Promise<ComponentType<P>>): LoadedLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const load = () => {
    pending ??= importComponent().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function LoadedOrLazy(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the loaded component later would remount it.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Shown {...props} />;
  }
  return { Component: LoadedOrLazy, load };
}
