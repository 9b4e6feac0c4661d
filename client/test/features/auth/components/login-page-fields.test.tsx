// The login form's required fields (the platform's answers mocked at fetch: no captcha): after a submit each empty
// field shows its message and nothing is sent; the messages then follow the input. Logging in stays in Chromium.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../../features/auth/components/login-page';
import { SessionProvider } from '../../../../lib/session-provider';
import { platformWithoutCaptcha } from '../../../helpers/platform';
import { render } from '../../../helpers/render';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

it('empty fields show the required messages after a submit, send nothing, and clear as the user types', async () => {
  const calls = platformWithoutCaptcha();
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={['/user/login']}>
      <SessionProvider>
        <LoginPage />
      </SessionProvider>
    </MemoryRouter>,
  );
  expect(screen.queryByText('请输入用户名!'), 'no message before a submit').not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
  await waitFor(() => expect(screen.getByText('请输入用户名!')).toBeInTheDocument());
  expect(screen.getByText('请输入密码!')).toBeInTheDocument();
  expect(
    calls.filter((url) => url.includes('/user/login')),
    'nothing sent',
  ).toEqual([]);

  fireEvent.change(screen.getByPlaceholderText('请输入用户名'), { target: { value: 'jsh' } });
  await waitFor(() =>
    expect(screen.queryByText('请输入用户名!'), 'the name message goes with the input').not.toBeInTheDocument(),
  );
  expect(screen.getByText('请输入密码!')).toBeInTheDocument();
});
