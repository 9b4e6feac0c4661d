// The one HTTP client against a mocked fetch: a lost session is told once however many calls find it, nothing is
// sent after the session's calls are closed (logout), and what was in flight then ends without a word.
import { screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedback, type FeedbackApi } from '../../lib/feedback';
import { closeSessionCalls, http, HttpError, onSessionLoss, openSessionCalls, type SessionLoss } from '../../lib/http';
import { saveSession } from '../../lib/session';
import { storage, StorageKeys } from '../../lib/storage';
import { render } from '../helpers/render';

const TOKEN = 'a'.repeat(32) + '_63';

function fakeFeedback() {
  const shown: string[] = [];
  const record = (kind: string) => (config: { description?: unknown; content?: unknown }) => {
    shown.push(`${kind}: ${String(config.description ?? config.content ?? '')}`);
  };
  const api = {
    notification: {
      error: record('notification'),
      info: record('notification'),
      warning: record('notification'),
      success: record('notification'),
    },
    modal: { error: record('modal') },
    message: {
      info: record('message'),
      warning: record('message'),
      success: record('message'),
      error: record('message'),
    },
  } as unknown as FeedbackApi;
  setFeedback(api);
  return shown;
}

/** A fetch that answers each path with the given status and body, and records what was sent. */
function mockFetch(answer: (path: string) => { status: number; body: string } | 'hang') {
  const sent: Array<{ path: string; token: string | null }> = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    sent.push({ path: url.pathname, token: headers.get('X-Access-Token') });
    const reply = answer(url.pathname);
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return Promise.resolve(new Response(reply.body, { status: reply.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

let losses: SessionLoss[];
let stopListening: () => void;

beforeEach(() => {
  localStorage.clear();
  saveSession(storage, TOKEN, { id: 63, loginName: 'jsh' });
  openSessionCalls();
  losses = [];
  stopListening = onSessionLoss((loss) => losses.push(loss));
});

afterEach(() => {
  stopListening();
  closeSessionCalls();
  setFeedback(null);
  vi.unstubAllGlobals();
});

describe('a lost session', () => {
  it('shows one 未授权 notification for three calls answered 401 together, and logs out once', async () => {
    const shown = fakeFeedback();
    mockFetch(() => ({ status: 401, body: '' }));
    const results = await Promise.allSettled([
      http.get('/user/list'),
      http.get('/role/list'),
      http.get('/msg/getMsgByStatus', { status: '1' }),
    ]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(shown).toEqual(['notification: 未授权，请重新登录']);
    expect(losses).toEqual(['unauthorized']);
  });

  it('shows the expired-login dialog once when several calls get the backend’s loginOut', async () => {
    const shown = fakeFeedback();
    mockFetch(() => ({ status: 500, body: 'loginOut' }));
    await Promise.allSettled([http.get('/user/list'), http.get('/depot/list')]);
    expect(shown).toEqual(['modal: 很抱歉，登录已过期，请重新登录']);
    expect(losses).toEqual(['expired']);
  });

  it('with the token removed from storage (the user id still there): one notification, the logout, and no call sent', async () => {
    const shown = fakeFeedback();
    const sent = mockFetch(() => ({ status: 200, body: '{"code":200,"data":[]}' }));
    storage.remove(StorageKeys.accessToken);
    const results = await Promise.allSettled([http.get('/user/list'), http.get('/role/list')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(sent).toEqual([]);
    expect(shown).toEqual(['notification: 未授权，请重新登录']);
    expect(losses).toEqual(['tokenMissing']);
  });

  it('with the whole session removed (a logout in another tab): no call, no word — that tab follows by itself', async () => {
    const shown = fakeFeedback();
    const sent = mockFetch(() => ({ status: 200, body: '{}' }));
    localStorage.clear();
    await expect(http.get('/user/list')).rejects.toMatchObject({ kind: 'dropped' });
    expect(sent).toEqual([]);
    expect(shown).toEqual([]);
    expect(losses).toEqual([]);
  });
});

describe('after logout', () => {
  it('sends nothing that needs the session, and a call in flight ends silently', async () => {
    const shown = fakeFeedback();
    const sent = mockFetch((path) => (path.endsWith('/msg/getMsgByStatus') ? 'hang' : { status: 200, body: '{}' }));
    const inFlight = http.get('/msg/getMsgByStatus', { status: '1' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    closeSessionCalls();
    const error = await inFlight.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).kind).toBe('dropped');
    await expect(http.get('/msg/getMsgByStatus', { status: '1' })).rejects.toMatchObject({ kind: 'dropped' });
    expect(sent).toHaveLength(1);
    expect(shown).toEqual([]);
  });

  it('still lets the open endpoints through (the login page’s flags and the login itself)', async () => {
    fakeFeedback();
    const sent = mockFetch(() => ({ status: 200, body: '0' }));
    closeSessionCalls();
    await http.get('/platformConfig/getPlatform/checkcodeFlag', undefined, { anonymous: true });
    expect(sent).toEqual([{ path: '/jshERP-boot/platformConfig/getPlatform/checkcodeFlag', token: null }]);
  });
});

describe('failures shown through antd', () => {
  it('three calls failing together for one reason show one notification, two reasons two', async () => {
    function Bridge() {
      setFeedback(App.useApp());
      return null;
    }
    render(
      <App>
        <Bridge />
      </App>,
    );
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/depot/')
          ? Promise.resolve(new Response('', { status: 403 }))
          : Promise.reject(new TypeError('Failed to fetch')),
      ),
    );
    await Promise.allSettled([
      http.get('/user/list'),
      http.get('/role/list'),
      http.get('/msg/list'),
      http.get('/depot/list'),
    ]);
    await screen.findAllByText('网络异常，请检查网络连接');
    await screen.findByText('拒绝访问');
    expect(screen.getAllByText('网络异常，请检查网络连接')).toHaveLength(1);
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(2);
  });
});
