// Back while a dialog is open closes the dialog and stays on the page; a second Back leaves the page. A dialog closed
// by its own button leaves no step behind; one that asks before closing (unsaved changes) keeps its step.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BackCloses } from '../../lib/use-back-closes';
import { render } from '../helpers/render';
import { address, BrowserBar } from '../helpers/browser-bar';

/** A dialog of a page; `keepsOnBack`: its close request on Back asks first and keeps it open (unsaved changes). */
function Page({ keepsOnBack = false }: { keepsOnBack?: boolean }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(0);
  pageRendered();
  return (
    <>
      <BackCloses open={open} onBack={() => (keepsOnBack ? setAsked((n) => n + 1) : setOpen(false))} />
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      {open ? (
        <div role="dialog" aria-label="对话框">
          <button type="button" onClick={() => setOpen(false)}>
            关闭
          </button>
          <span>询问 {asked}</span>
        </div>
      ) : null}
    </>
  );
}

/** Renders of the page's own component (its Back element follows the address on its own). */
const pageRendered = vi.fn();

function renderPage(keepsOnBack?: boolean) {
  pageRendered.mockClear();
  render(
    <MemoryRouter initialEntries={['/dashboard/analysis', '/system/role?x=1']} initialIndex={1}>
      <Page keepsOnBack={keepsOnBack} />
      <BrowserBar elsewhere="/bill/sale_out" />
    </MemoryRouter>,
  );
}
const back = () => fireEvent.click(screen.getByRole('button', { name: '后退' }));
const dialog = () => screen.queryByRole('dialog');

describe('useBackCloses', () => {
  it('Back closes the open dialog and stays on the page; a second Back leaves it', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(dialog()).not.toBeNull();
    back();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(address()).toBe('/system/role?x=1');
    back();
    await waitFor(() => expect(address()).toBe('/dashboard/analysis'));
  });

  it('a dialog closed by its own button leaves no step: the next Back leaves the page', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(dialog()).toBeNull();
    // Opened and closed twice: still no steps left behind.
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(address()).toBe('/system/role?x=1'));
    back();
    await waitFor(() => expect(address()).toBe('/dashboard/analysis'));
    expect(dialog()).toBeNull();
  });

  it('a dialog that asks before closing stays open on Back, and the next Back asks again instead of leaving', async () => {
    renderPage(true);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    back();
    await screen.findByText('询问 1');
    expect(address()).toBe('/system/role?x=1');
    back();
    await screen.findByText('询问 2');
    expect(address()).toBe('/system/role?x=1');
    expect(dialog()).not.toBeNull();
  });

  it('a change of address renders the page holding the dialog no more: only its Back element follows it', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    await waitFor(() => expect(address()).toBe('/system/role?x=1'));
    const before = pageRendered.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '另一页' }));
    await waitFor(() => expect(address()).toBe('/bill/sale_out'));
    expect(pageRendered).toHaveBeenCalledTimes(before);
  });
});
