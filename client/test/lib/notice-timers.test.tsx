// The shell's messages and notifications close on timers of their own (lib/notice-timers): no frame-by-frame work
// while one shows, closed after its time with its onClose and its promise, held while the pointer is over it.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { renderInShell } from '../helpers/render-page';
import { useAppFeedback, type AppFeedback } from '../../lib/app-feedback';

let api: AppFeedback | null = null;
function Grab() {
  const app = useAppFeedback();
  useEffect(() => {
    api = app;
  }, [app]);
  return null;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const notice = (text: string) =>
  screen.queryByText(text)?.closest('.ant-message-notice, .ant-notification-notice') ?? null;

describe('notice timers', () => {
  let frames = 0;
  beforeEach(() => {
    frames = 0;
    const raf = window.requestAnimationFrame.bind(window);
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames += 1;
      return raf(callback);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    api = null;
  });

  it('a message asks for no frame while it shows, closes after its time, runs its onClose and settles its promise', async () => {
    renderInShell(<Grab />);
    await waitFor(() => expect(api).not.toBeNull());
    const onClose = vi.fn();
    let settled = false;
    act(() => {
      void api!.message.success('已保存', 0.6, onClose).then(() => {
        settled = true;
      });
    });
    await screen.findByText('已保存');
    await act(() => sleep(100));
    frames = 0;
    await act(() => sleep(300));
    expect(notice('已保存'), 'shown meanwhile').not.toBeNull();
    // antd's own timer asked for a frame 60 times a second (about 18 here).
    expect(frames, 'frames asked for while it showed').toBeLessThan(3);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await waitFor(() => expect(settled).toBe(true));
    await waitFor(() => expect(notice('已保存')).toBeNull());
  });

  it('a notification stays while the pointer is over it and closes its time after the pointer leaves', async () => {
    renderInShell(<Grab />);
    await waitFor(() => expect(api).not.toBeNull());
    const onClose = vi.fn();
    act(() => api!.notification.warning({ title: '友情提醒', description: '请尽快修改', duration: 0.4, onClose }));
    await screen.findByText('友情提醒');
    fireEvent.mouseEnter(notice('友情提醒')!);
    await act(() => sleep(800));
    expect(notice('友情提醒'), 'held under the pointer').not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseLeave(notice('友情提醒')!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('a notice closed by its ✕ or by destroy does not come back when its time is up; duration 0 stays', async () => {
    renderInShell(<Grab />);
    await waitFor(() => expect(api).not.toBeNull());
    act(() => {
      api!.notification.info({ title: '公告', duration: 0.3 });
      api!.message.info({ content: '稍候', key: 'wait', duration: 0.3 });
      api!.message.info({ content: '一直在', duration: 0 });
    });
    await screen.findByText('公告');
    await screen.findByText('稍候');
    fireEvent.click(notice('公告')!.querySelector('.ant-notification-notice-close')!);
    act(() => api!.message.destroy('wait'));
    await waitFor(() => expect(notice('公告')).toBeNull());
    await waitFor(() => expect(notice('稍候')).toBeNull());
    await act(() => sleep(600));
    expect(notice('公告')).toBeNull();
    expect(notice('稍候')).toBeNull();
    expect(notice('一直在'), 'no time: it stays').not.toBeNull();
  });
});
