// A dialog mounted only while it is open gives the focus back to what opened it when it goes, and leaves alone a
// focus the user has moved somewhere that stays.
import { act, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusBack } from '../../lib/use-focus-back';
import { render } from '../helpers/render';

function Dialog() {
  useFocusBack();
  // As rc-dialog does: the dialog takes the focus once it shows.
  useEffect(() => document.getElementById('inside')?.focus(), []);
  return (
    <div role="dialog">
      <input id="inside" aria-label="inside" />
    </div>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <button onClick={() => setOpen(false)}>close</button>
      <input aria-label="elsewhere" />
      {open ? <Dialog /> : null}
    </>
  );
}

/** Lets the hook's microtask run. */
const settle = () => act(() => Promise.resolve());

describe('useFocusBack', () => {
  it('gives the focus back to the opener when the dialog (and the focus in it) goes', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    act(() => opener.click());
    expect(document.activeElement).toBe(screen.getByLabelText('inside'));
    // Closed by a key in the dialog: the focus was in it.
    act(() => screen.getByRole('button', { name: 'close' }).click());
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the focus where the user put it outside the dialog', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    act(() => opener.click());
    const elsewhere = screen.getByLabelText('elsewhere');
    elsewhere.focus();
    act(() => screen.getByRole('button', { name: 'close' }).click());
    await settle();
    expect(document.activeElement).toBe(elsewhere);
  });
});
