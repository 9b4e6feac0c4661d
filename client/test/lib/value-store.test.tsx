// A value kept outside React's state renders the one component that reads it. useStoredState reads it as state, so
// that a change made outside an event (an answer opening a dialog) renders at the default priority.
import { act, render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createValueStore, useStoredState, type ValueStore } from '../../lib/value-store';

function Reader({ store, children }: { store: ValueStore<string | null>; children?: ReactNode }) {
  const value = useStoredState(store);
  return (
    <>
      <output>{value ?? 'none'}</output>
      {children}
    </>
  );
}

/** Sets the store in its effect, which runs before its parent's (the reader's subscription). */
function SetsOnMount({ store, value }: { store: ValueStore<string | null>; value: string }) {
  useEffect(() => store.set(value), [store, value]);
  return null;
}

describe('useStoredState', () => {
  it('shows the value, follows its changes and lets go when unmounted', async () => {
    const store = createValueStore<string | null>(null);
    const view = render(<Reader store={store} />);
    expect(screen.getByRole('status').textContent).toBe('none');
    await act(async () => {
      await Promise.resolve();
      store.set('CGRK00000000001');
    });
    expect(screen.getByRole('status').textContent).toBe('CGRK00000000001');
    view.unmount();
    expect(() => store.set(null)).not.toThrow();
  });

  it('catches a change made between its render and its subscription', () => {
    const store = createValueStore<string | null>('a');
    render(
      <Reader store={store}>
        <SetsOnMount store={store} value="b" />
      </Reader>,
    );
    expect(screen.getByRole('status').textContent).toBe('b');
  });
});
