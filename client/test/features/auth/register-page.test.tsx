// The register form's rules as the user meets them (the platform's answers mocked at fetch: no captcha). The journey
// (register, the result page, logging in as the new tenant) stays in Chromium: test/e2e/register.test.ts.
import { App as AntApp } from 'antd';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { RegisterPage } from '../../../features/auth/components/register-page';
import { platformWithoutCaptcha } from '../../helpers/platform';
import { render } from '../../helpers/render';

// antd in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

it('shows the name, password and confirmation rules and sends nothing', async () => {
  const calls = platformWithoutCaptcha();
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  render(
    <MemoryRouter initialEntries={['/user/register']}>
      <AntApp>
        <RegisterPage />
      </AntApp>
    </MemoryRouter>,
  );
  for (const [placeholder, value] of [
    ['请输入用户名', 'AB'],
    ['至少6位密码，区分大小写', 'abcdef'],
    ['确认密码', 'abcdeg'],
  ] as const) {
    fireEvent.change(await screen.findByPlaceholderText(placeholder), { target: { value } });
  }
  await user.click(
    screen
      .getAllByText(/注册租户/)
      .map((e) => e.closest('button'))
      .find(Boolean)!,
  );
  for (const text of ['用户名需要由4位小写字母组成!', '密码由6位数字、小写字母组成!', '两次密码不一致!']) {
    await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
  }
  expect(
    calls.filter((url) => url.includes('/user/registerUser')),
    'nothing sent',
  ).toEqual([]);
});
