// The boot screen while the backend does not answer the menu: after a few seconds it offers the way back to the
// login page, which ends the stored session and shows the login form.
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/router';
import { closeSessionCalls } from '../../lib/http';
import { preloadListPages, preloadShell } from '../../lib/preload-shell';
import { saveSession } from '../../lib/session';
import { SessionProvider } from '../../lib/session-provider';
import { storage, StorageKeys } from '../../lib/storage';
import { PENDING_HINT_MS } from '../../lib/use-pending-hint';
import { render } from '../helpers/render';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.includes('/platformConfig/getPlatform/')) return Promise.resolve(new Response('0'));
      // The menu (and anything else needing the session) never answers.
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }),
  );
});
afterEach(() => {
  closeSessionCalls();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
// The boot started loading the shell's and the list pages' code: the file ends once it has loaded, not while a
// worker's environment closes under it.
afterAll(() => Promise.all([preloadShell(), preloadListPages()]));

describe('the boot screen', () => {
  it('offers 返回登录 after a few seconds; it clears the session and opens the login page', async () => {
    saveSession(storage, 'c'.repeat(32), { id: 63, loginName: 'jsh' });
    render(
      <MemoryRouter initialEntries={['/system/role']}>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('正在加载系统,请耐心等待')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '返回登录' })).toBeNull();

    act(() => vi.advanceTimersByTime(PENDING_HINT_MS));
    expect(screen.getByText('服务器响应较慢，仍在等待…')).toBeInTheDocument();
    vi.useRealTimers(); // the login page's own effects run on real time
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));

    expect(await screen.findByPlaceholderText('请输入用户名')).toBeInTheDocument();
    expect(screen.queryByText('正在加载系统,请耐心等待')).toBeNull();
    expect(storage.get(StorageKeys.accessToken)).toBeUndefined();
    expect(storage.get(StorageKeys.userId)).toBeUndefined();
  });
});
