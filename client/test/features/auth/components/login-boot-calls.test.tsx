// A login up to the home page (login page → session → home page, as the router shows them): the menu, buttons and
// company name go out together, not one after another, and the company and tenant calls that the session, the
// login page and the home page all make go out once each.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AnalysisPage from '../../../../features/dashboard/components/analysis-page';
import { LoginPage } from '../../../../features/auth/components/login-page';
import { closeSessionCalls } from '../../../../lib/http';
import { SessionProvider, useSession } from '../../../../lib/session-provider';
import { fakeBackend, type FakeBackend } from '../../../helpers/fake-backend';
import { render } from '../../../helpers/render';

const TOKEN = 'd'.repeat(32) + '_63';
const MENU = [{ id: 0, text: '首页', url: '/dashboard/analysis', component: '/layouts/TabLayout' }];

let backend: FakeBackend;
/** Paths asked before the menu answered. */
let askedBeforeMenuAnswered: string[];

beforeEach(() => {
  localStorage.clear();
  askedBeforeMenuAnswered = [];
  backend = fakeBackend({
    '/platformConfig/getPlatform/checkcodeFlag': '0',
    '/platformConfig/getPlatform/registerFlag': '0',
    '/user/login': {
      code: 200,
      data: {
        msgTip: 'user can login',
        token: TOKEN,
        user: { id: 63, loginName: 'jsh', username: 'jsh', tenantId: 63 },
      },
    },
    '/function/findMenuByPNumber': async () => {
      // The menu answers after a while: what the shell needs beside it must already be on its way by then.
      await new Promise((resolve) => setTimeout(resolve, 30));
      askedBeforeMenuAnswered = backend.calls.map((url) => url.pathname.replace(/^\/jshERP-boot/, ''));
      return MENU;
    },
    '/user/getUserBtnByCurrentUser': { code: 200, data: { userBtn: [] } },
    '/systemConfig/getCurrentInfo': { code: 200, data: { companyName: '南通测试公司' } },
    '/user/infoWithTenant': {
      code: 200,
      data: { type: '1', expireTime: '2099-12-31 00:00:00', userCurrentNum: 2, userNumLimit: 10 },
    },
    '/platformConfig/getInfoByKey': { code: 200, data: null },
    '/materialProperty/getAllList': { code: 200, data: [] },
  });
});
afterEach(() => {
  closeSessionCalls();
  vi.unstubAllGlobals();
});

/** The login route until the session is ready, then the home page, as the route guard switches them. */
function LoginThenHome() {
  const { status } = useSession();
  return status === 'ready' ? <AnalysisPage /> : <LoginPage />;
}

describe('logging in up to the home page', () => {
  it('asks for menu, buttons and company name together, and for the company and the tenant once each', async () => {
    render(
      <MemoryRouter initialEntries={['/user/login']}>
        <SessionProvider>
          <LoginThenHome />
        </SessionProvider>
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByPlaceholderText('请输入用户名'), { target: { value: 'jsh' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

    // antd's first render in jsdom takes seconds on a busy shared machine.
    expect(await screen.findByText('南通测试公司', undefined, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2099-12-31 00:00:00')).toBeInTheDocument());
    await vi.waitFor(() => expect(backend.callsTo('/materialProperty/getAllList')).toHaveLength(1));

    expect(askedBeforeMenuAnswered).toEqual(
      expect.arrayContaining(['/user/getUserBtnByCurrentUser', '/systemConfig/getCurrentInfo']),
    );
    expect(backend.callsTo('/systemConfig/getCurrentInfo')).toHaveLength(1);
    expect(backend.callsTo('/user/infoWithTenant')).toHaveLength(1);
  }, 30_000);
});
