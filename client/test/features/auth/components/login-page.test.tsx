// The login button while the backend keeps the login waiting: after a few seconds it says it is waiting for the
// server, and the hint goes once the answer is in.
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../../features/auth/components/login-page';
import { closeSessionCalls } from '../../../../lib/http';
import { SessionProvider } from '../../../../lib/session-provider';
import { PENDING_HINT_MS } from '../../../../lib/use-pending-hint';
import { render } from '../../../helpers/render';

let answerLogin: (body: string) => void;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.endsWith('/user/login'))
        return new Promise<Response>((resolve) => (answerLogin = (body) => resolve(new Response(body))));
      return Promise.resolve(new Response('0'));
    }),
  );
});
afterEach(() => {
  closeSessionCalls();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('says 正在等待服务器响应… when the login is still pending after a few seconds, and stops saying it with the answer', async () => {
    render(
      <MemoryRouter initialEntries={['/user/login']}>
        <SessionProvider>
          <LoginPage />
        </SessionProvider>
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByPlaceholderText('请输入用户名'), { target: { value: 'jsh' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    const button = screen.getByRole('button', { name: /登\s*录/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('正在等待服务器响应…')).toBeNull();

    act(() => vi.advanceTimersByTime(PENDING_HINT_MS));
    expect(screen.getByRole('status')).toHaveTextContent('正在等待服务器响应…');

    await act(async () => answerLogin('{"code":200,"data":{"msgTip":"user password error"}}'));
    await vi.waitFor(() => expect(button).not.toHaveAttribute('aria-busy', 'true'));
    expect(screen.queryByText('正在等待服务器响应…')).toBeNull();
  });
});
