// The list's tour beside its toolbar: every reload of the list turns its `ready` off and on again, and that must not
// render the 新手引导 button's tooltip again (antd's Tooltip and Button, ~4–11 ms of each 查询's answer in Chromium's
// profile on a two-core machine). Its replay is the list page's test (list-view.test.tsx).
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntroTour } from '../../../components/table-page/intro-tour';
import { storage } from '../../../lib/storage';
import { rememberIntro } from '../../../lib/table/intro-cache';

const tooltipRendered = vi.hoisted(() => vi.fn());

vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  function CountedTooltip(props: Parameters<typeof antd.Tooltip>[0]) {
    tooltipRendered();
    return <antd.Tooltip {...props} />;
  }
  return { ...antd, Tooltip: CountedTooltip };
});

const STEPS = [{ title: '查询区域' }];

function Page({ ready }: { ready: boolean }) {
  return <IntroTour pageKey="/bill/purchase_in" version={1} steps={STEPS} ready={ready} />;
}

afterEach(() => {
  localStorage.clear();
  tooltipRendered.mockClear();
});

describe('IntroTour', () => {
  it('a reload of its list (ready off, then on) renders the help button again not at all', () => {
    rememberIntro(storage, '/bill/purchase_in', 1);
    const { rerender } = render(<Page ready />);
    expect(screen.getByRole('button', { name: '新手引导' })).toBeInTheDocument();
    const afterMount = tooltipRendered.mock.calls.length;
    rerender(<Page ready={false} />);
    rerender(<Page ready />);
    expect(tooltipRendered).toHaveBeenCalledTimes(afterMount);
  });
});
