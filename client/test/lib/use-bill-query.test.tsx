// 查看 in the address: the bill the address names opens the detail, 查看 puts it there, closing takes it away; and a
// change of address renders only the hook's follower, not the page holding it (a list page in any tab).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useBillNumber, useBillQuery, type BillQuery } from '../../lib/use-bill-query';
import { render } from '../helpers/render';
import { address, BrowserBar } from '../helpers/browser-bar';

const pageRendered = vi.fn();

function ListPage() {
  const query = useBillQuery();
  const { show, follower } = query;
  pageRendered();
  return (
    <>
      {follower}
      <button type="button" onClick={() => show('CGRK00000000001')}>
        查看
      </button>
      <Detail query={query} />
    </>
  );
}

/** The one element that renders when the detail opens or closes. */
function Detail({ query }: { query: BillQuery }) {
  const number = useBillNumber(query);
  return number ? (
    <div role="dialog" aria-label="详情">
      {number}
      <button type="button" onClick={query.hide}>
        关闭
      </button>
      {/* The detail shows its bill and 关闭 is clicked before the router has rendered the address that followed. */}
      <button
        type="button"
        onClick={() => {
          query.settle();
          query.hide();
        }}
      >
        跟随后关闭
      </button>
    </div>
  ) : null;
}

function renderAt(entries: string[]) {
  pageRendered.mockClear();
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <ListPage />
      <BrowserBar elsewhere="/bill/sale_out" />
    </MemoryRouter>,
  );
}
const detail = () => screen.queryByRole('dialog');

describe('useBillQuery', () => {
  it('查看 puts the number in the address and opens the detail; 关闭 goes back over that entry', async () => {
    renderAt(['/bill/purchase_in']);
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    await waitFor(() => expect(address()).toBe('/bill/purchase_in?number=CGRK00000000001'));
    expect(detail()?.textContent).toContain('CGRK00000000001');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(address()).toBe('/bill/purchase_in'));
    expect(detail()).toBeNull();
  });

  it('关闭 in the moment the address follows the detail (not yet rendered) still closes it and goes back', async () => {
    renderAt(['/bill/purchase_in']);
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    await waitFor(() => expect(detail()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '跟随后关闭' }));
    await waitFor(() => expect(detail()).toBeNull());
    expect(address()).toBe('/bill/purchase_in');
  });

  it("the same with the browser's history, whose Back arrives later: the detail closes and does not open again", async () => {
    window.history.replaceState(null, '', '/bill/purchase_in');
    const opened: string[] = [];
    function Watch({ query }: { query: BillQuery }) {
      const number = useBillNumber(query);
      if (number) opened.push(number);
      return null;
    }
    function Page() {
      const query = useBillQuery();
      return (
        <>
          {query.follower}
          <button type="button" onClick={() => query.show('CGRK00000000001')}>
            查看
          </button>
          <Detail query={query} />
          <Watch query={query} />
        </>
      );
    }
    render(
      <BrowserRouter>
        <Page />
        <BrowserBar />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    await waitFor(() => expect(detail()).not.toBeNull());
    opened.length = 0;
    fireEvent.click(screen.getByRole('button', { name: '跟随后关闭' }));
    expect(detail()).toBeNull();
    await waitFor(() => expect(address()).toBe('/bill/purchase_in'));
    expect(window.location.search).toBe('');
    expect(opened, 'the detail did not open again on the way back').toEqual([]);
  });

  it('an address naming a bill opens its detail, and Back closes the detail before leaving the list', async () => {
    renderAt(['/dashboard/analysis', '/bill/purchase_in?number=CGRK00000000002']);
    await waitFor(() => expect(detail()?.textContent).toContain('CGRK00000000002'));
    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    await waitFor(() => expect(address()).toBe('/bill/purchase_in'));
    expect(detail()).toBeNull();
  });

  it("another page's address renders the list page no more and leaves its detail as it was", async () => {
    renderAt(['/bill/purchase_in']);
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    await waitFor(() => expect(detail()).not.toBeNull());
    const before = pageRendered.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '另一页' }));
    await waitFor(() => expect(address()).toBe('/bill/sale_out'));
    expect(pageRendered).toHaveBeenCalledTimes(before);
    expect(detail()?.textContent).toContain('CGRK00000000001');
  });

  it('opening and closing the detail renders the detail alone, not the page holding it', async () => {
    renderAt(['/bill/purchase_in']);
    await waitFor(() => expect(pageRendered).toHaveBeenCalled());
    const before = pageRendered.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    await waitFor(() => expect(detail()?.textContent).toContain('CGRK00000000001'));
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(detail()).toBeNull());
    expect(pageRendered).toHaveBeenCalledTimes(before);
  });
});
