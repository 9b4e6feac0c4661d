// A new release is noticed with a conditional request for the page: while it answers 304 nothing shows; once the
// page's ETag changed, one notification offers a reload (the open tabs are kept across it).
import { act, fireEvent, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReleaseNotice } from '../../components/release-notice';
import { ReleaseWatcher } from '../../lib/release-check';
import { render } from '../helpers/render';

/** The page as the gateway serves it: 304 when If-None-Match is the current ETag. */
function page(etag: () => string) {
  const seen: Array<string | null> = [];
  const fetchPage = vi.fn((url: string, init: RequestInit) => {
    const sent = new Headers(init.headers).get('If-None-Match');
    seen.push(sent);
    if (sent === etag()) return Promise.resolve(new Response(null, { status: 304, headers: { etag: etag() } }));
    return Promise.resolve(new Response('<!doctype html>', { status: 200, headers: { etag: etag() } }));
  });
  return { fetchPage, seen };
}

describe('ReleaseWatcher', () => {
  it('learns the ETag, then asks conditionally; tells once when it changed', async () => {
    let current = '"v1"';
    const { fetchPage, seen } = page(() => current);
    const onNewRelease = vi.fn();
    const watcher = new ReleaseWatcher({ fetch: fetchPage, onNewRelease });
    await watcher.check();
    await watcher.check();
    expect(seen).toEqual([null, '"v1"']);
    expect(onNewRelease).not.toHaveBeenCalled();
    current = '"v2"';
    await watcher.check();
    await watcher.check();
    expect(onNewRelease).toHaveBeenCalledTimes(1);
  });

  it('a failed look (gateway restarting, offline) is no new release', async () => {
    const onNewRelease = vi.fn();
    const answers = [new Response('', { status: 200, headers: { etag: '"v1"' } }), new Response('', { status: 503 })];
    const watcher = new ReleaseWatcher({
      fetch: () => (answers.length ? Promise.resolve(answers.shift()!) : Promise.reject(new TypeError('offline'))),
      onNewRelease,
    });
    await watcher.check();
    await watcher.check();
    await watcher.check();
    expect(onNewRelease).not.toHaveBeenCalled();
  });
});

describe('ReleaseNotice', () => {
  const reload = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, reload });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks again when the window regains focus and then offers 立即刷新, which reloads', async () => {
    let current = '"v1"';
    const { fetchPage } = page(() => current);
    vi.stubGlobal('fetch', fetchPage);
    render(
      <App>
        <ReleaseNotice />
      </App>,
    );
    await vi.waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('系统已更新')).toBeNull();
    current = '"v2"';
    // The user comes back to the window (again, should a check still be under way).
    await vi.waitFor(() => {
      act(() => void window.dispatchEvent(new Event('focus')));
      expect(screen.getByText('系统已更新')).toBeInTheDocument();
    });
    expect(screen.getByText('新版本已发布，刷新后即可使用；已打开的页签会保留。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '立即刷新' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
