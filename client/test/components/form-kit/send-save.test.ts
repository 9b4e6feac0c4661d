// A save's answer is told to the user: a refusal at once (the form stays open on it), the success after the frame
// that closes the form (antd's message list measures itself when it opens, which forced that frame's layout early).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendSave } from '../../../components/form-kit/send-save';
import { fakeBackend } from '../../helpers/fake-backend';
import { signIn } from '../../helpers/session';

const t = (key: string) => ({ 'form.saved': '保存成功', 'form.saveFailed': '保存失败' })[key] ?? key;

beforeEach(() => {
  signIn();
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sendSave', () => {
  it('a saved bill: true at once, 保存成功 after the next frame', async () => {
    fakeBackend({ '/role/add': { code: 200, data: { message: '成功' } } });
    const message = { success: vi.fn(), warning: vi.fn() };
    expect(await sendSave({ url: '/role/add', method: 'post', body: { name: '店员' } }, message, t as never)).toBe(
      true,
    );
    expect(message.success).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
    expect(message.success).toHaveBeenCalledTimes(1);
    expect(message.warning).not.toHaveBeenCalled();
  });

  it('a refusal: false, and its reason at once', async () => {
    fakeBackend({ '/depot/add': { code: 500, data: { message: '名称已存在' } } });
    const message = { success: vi.fn(), warning: vi.fn() };
    expect(await sendSave({ url: '/depot/add', method: 'post', body: { name: '仓库' } }, message, t as never)).toBe(
      false,
    );
    expect(message.warning).toHaveBeenCalledTimes(1);
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
    expect(message.success).not.toHaveBeenCalled();
  });
});
