import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListView } from '../../components/table-page/list-view';
import { TopProgress } from '../../components/top-progress';
import { SYSTEM_VIEWS } from '../../features/system/system-specs';
import { startProgress, useProgressWhile } from '../../lib/progress';
import { renderInShell } from '../helpers/render-page';
import { render } from '../helpers/render';

function Loading({ on }: { on: boolean }) {
  useProgressWhile(on);
  return null;
}

describe('TopProgress', () => {
  it('shows a running bar while any load is under way and finishes when the last one ends', () => {
    const { rerender } = render(
      <>
        <TopProgress />
        <Loading on={false} />
      </>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();

    rerender(
      <>
        <TopProgress />
        <Loading on />
      </>,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-busy', 'true');
    let endOther = () => {};
    act(() => {
      endOther = startProgress();
    });
    rerender(
      <>
        <TopProgress />
        <Loading on={false} />
      </>,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-busy', 'true');
    act(() => endOther());
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-busy', 'false');
    // Ending twice counts once.
    act(() => endOther());
    act(() => {
      endOther = startProgress();
    });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-busy', 'true');
    act(() => endOther());
  });

  it('a list page runs it until its first page has arrived', async () => {
    let answer: (body: unknown) => void = () => {};
    const fetchStub = vi.fn(
      async () =>
        new Promise<Response>((resolve) => {
          answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200 }));
        }),
    );
    vi.stubGlobal('fetch', fetchStub);
    localStorage.setItem('pro__intro_cache_roleList', JSON.stringify({ value: 1, expire: null }));
    renderInShell(
      <>
        <TopProgress />
        <ListView spec={SYSTEM_VIEWS.role} />
      </>,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('progressbar'), 'still running while the call is out').toHaveAttribute('aria-busy', 'true');
    await act(async () => answer({ code: 200, data: { rows: [{ id: 1, name: '销售员' }], total: 1 } }));
    await screen.findByText('销售员');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-busy', 'false');
    vi.unstubAllGlobals();
  }, 60_000);
});
