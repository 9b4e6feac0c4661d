// A view that throws while rendering: the fallback shows in its place with reload and close, the rest of the
// shell stays, and one report goes to the gateway — with what broke and where, never who.
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERRORS_PATH } from '../../../shared/client-errors';
import { ErrorBoundary, PageCrash } from '../../components/error-boundary';
import { saveSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { render } from '../helpers/render';

const TOKEN = 'd'.repeat(32) + '_63';
let broken = true;

function FragileView() {
  if (broken) throw new Error(`rows of undefined (token ${TOKEN})`);
  return <p>列表已显示</p>;
}

function Shell({ onClose }: { onClose: () => void }) {
  const [clicks, setClicks] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        菜单 {clicks}
      </button>
      <ErrorBoundary fallback={(retry) => <PageCrash onReload={retry} onClose={onClose} />}>
        <FragileView />
      </ErrorBoundary>
    </div>
  );
}

let posts: Array<{ url: string; body: string; init: RequestInit }>;

beforeEach(() => {
  localStorage.clear();
  saveSession(storage, TOKEN, { id: 63, loginName: 'jsh', username: '测试用户', tenantId: 63 });
  window.history.replaceState(null, '', '/system/role?search=secret#top');
  broken = true;
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      posts.push({ url, body: String(init.body), init });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows the fallback in place of the view, keeps the rest working, and posts one report without user data', () => {
    const onClose = vi.fn();
    render(<Shell onClose={onClose} />);
    expect(screen.getByRole('alert')).toHaveTextContent('页面出错了');
    fireEvent.click(screen.getByRole('button', { name: '菜单 0' }));
    expect(screen.getByRole('button', { name: '菜单 1' })).toBeInTheDocument();

    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe(CLIENT_ERRORS_PATH);
    expect(posts[0]!.init.method).toBe('POST');
    expect(posts[0]!.init.credentials).toBe('omit');
    expect(new Headers(posts[0]!.init.headers).get('X-Access-Token')).toBeNull();
    const report = JSON.parse(posts[0]!.body) as Record<string, string>;
    expect(Object.keys(report).sort()).toEqual(['componentStack', 'message', 'path', 'release', 'stack', 'userAgent']);
    expect(report.message).toBe('Error: rows of undefined (token [REDACTED])');
    expect(report.componentStack).toMatch(/FragileView/);
    expect(report.path).toBe('/system/role');
    expect(report.userAgent).toBe(navigator.userAgent);
    for (const secret of [TOKEN, 'd'.repeat(32), '测试用户', 'secret', '"loginName"', 'jsh']) {
      expect(posts[0]!.body).not.toContain(secret);
    }

    fireEvent.click(screen.getByRole('button', { name: '关闭页签' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('重新加载 mounts the view again', () => {
    render(<Shell onClose={() => undefined} />);
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(screen.getByText('列表已显示')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
