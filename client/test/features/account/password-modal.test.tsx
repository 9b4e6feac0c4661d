// The password modal's rules as the user meets them (fetch mocked): each rule's message under its field, md5 of all
// three fields over PUT, a wrong old password's warning, and only a warning without a logged-in user. The journey
// (a real password change, then logging in with it) stays in Chromium: test/e2e/features-password.test.ts.
import { createHash } from 'node:crypto';
import { App as AntApp } from 'antd';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePasswordModal } from '../../../features/account/components/password-modal';
import { storage, StorageKeys } from '../../../lib/storage';
import { signIn } from '../../helpers/session';
import { render } from '../../helpers/render';

vi.setConfig({ testTimeout: 60_000 });
// antd validates asynchronously; on a busy machine a message can take more than the default second to show.

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function Harness() {
  const password = usePasswordModal();
  return (
    <>
      <button type="button" onClick={password.open}>
        open
      </button>
      {password.modal}
    </>
  );
}

function renderModal() {
  // Without the pointer-events check, which asks jsdom's getComputedStyle about antd's styles on every click (slow).
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  render(
    <AntApp>
      <Harness />
    </AntApp>,
  );
  return user;
}

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const ok = () => document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!;

/** Sets the three fields, as a paste into each would (typing key by key only slows the test). */
function fill(old: string, next: string, confirm: string) {
  for (const [placeholder, value] of [
    ['请输入旧密码', old],
    ['新密码至少6位，区分大小写', next],
    ['请确认新密码', confirm],
  ] as const) {
    fireEvent.change(field(placeholder), { target: { value } });
  }
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the password modal', () => {
  it('shows every rule its message', async () => {
    const user = renderModal();
    await user.click(screen.getByText('open'));
    await screen.findByText('修改密码');
    await user.click(ok());
    await waitFor(() => expect(errors()).toEqual(['请输入旧密码!', '请输入新密码!', '请确认新密码!']));

    fill('abc123', 'abc123', 'abc123');
    await waitFor(() => expect(errors()).toContain('新密码和旧密码不能相同!'));
    for (const weak of ['abcdef', '123456', 'ABC123', 'ab1']) {
      fill('old1234', weak, weak);
      await waitFor(() => expect(errors(), `${weak}: the format rule`).toContain('密码由6位数字、小写字母组成!'));
    }
    fill('old1234', 'abc1234', 'abc12345');
    await waitFor(() => expect(errors()).toContain('两次密码不一致!'));
    fill('old1234', 'abc1234', ' abc1234 ');
    await waitFor(() => expect(errors(), 'the confirmation matches after trimming').toEqual([]));
  });

  it('sends all three as md5 over PUT; a wrong old password warns and the modal stays', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify({ code: 200, data: { status: 2, message: '原始密码输入错误' } }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const user = renderModal();
    await user.click(screen.getByText('open'));
    await screen.findByText('修改密码');
    fill('wrong99', 'abc1234', 'abc1234');
    await user.click(ok());
    await waitFor(() => expect(screen.getByText('原始密码输入错误')).toBeInTheDocument());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/\/jshERP-boot\/user\/updatePwd$/);
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.body, 'all three hashed, none in plain text').toEqual({
      userId: 63,
      oldpassword: md5('wrong99'),
      password: md5('abc1234'),
      confirmPassword: md5('abc1234'),
    });
    expect(screen.getByText('修改密码'), 'the modal stays open').toBeInTheDocument();
  });

  it('without a logged-in user id it only warns', async () => {
    storage.remove(StorageKeys.userId);
    const user = renderModal();
    await user.click(screen.getByText('open'));
    await waitFor(() => expect(screen.getByText('当前系统无登陆用户!')).toBeInTheDocument());
    expect(screen.queryByText('修改密码'), 'no modal').not.toBeInTheDocument();
  });
});
