// The one save path's own costs: a valid form is checked without rendering its fields (antd's full validation
// renders every field with rules twice more, ahead of the write), a wrong one shows its messages as before; a saved
// form's spinner stops after the frame that closes it (its leave animation measures the button).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveButton } from '../../../components/form-kit/save-button';
import { useFormSave } from '../../../components/form-kit/use-form-save';
import { fakeBackend } from '../../helpers/fake-backend';
import { render } from '../../helpers/render';
import { signIn } from '../../helpers/session';

// The field with the rule reads its value's props once per render of it.
const nameRenders = { count: 0 };
const countedValueProps = (value: unknown) => {
  nameRenders.count++;
  return { value };
};

function RoleForm({ onSaved }: { onSaved: () => void }) {
  const [form] = Form.useForm();
  const { save, saving } = useFormSave<{ name: string }>({
    form,
    prepare: (values) => ({ write: { url: '/role/add', method: 'post', body: values } }),
    saved: onSaved,
  });
  return (
    <Form form={form}>
      <Form.Item
        name="name"
        label="角色名称"
        rules={[{ required: true, message: '请输入角色名称' }]}
        getValueProps={countedValueProps}
      >
        <Input />
      </Form.Item>
      <Form.Item name="description" label="描述">
        <Input />
      </Form.Item>
      <SaveButton saving={saving} onClick={() => void save()}>
        保存
      </SaveButton>
    </Form>
  );
}

// The frames are the test's: a saved form's spinner waits for the next one.
beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useFormSave', () => {
  it('a valid form: the write goes out before any render of its fields or of the spinner, which stops after the closing frame', async () => {
    signIn();
    let rendersAtWrite = NaN;
    let spinningAtWrite: boolean | undefined;
    const api = fakeBackend({
      '/role/add': () => {
        rendersAtWrite = nameRenders.count;
        spinningAtWrite = screen.getByRole('button', { name: /保\s*存/ }).classList.contains('ant-btn-loading');
        return { code: 200, data: { message: '成功' } };
      },
    });
    const onSaved = vi.fn();
    render(
      <App>
        <RoleForm onSaved={onSaved} />
      </App>,
    );
    fireEvent.change(screen.getByLabelText('角色名称'), { target: { value: '店员' } });
    // The typing's own check (its rule runs on change) is over: the field's renders stand still.
    for (let last = -1; last !== nameRenders.count;) {
      last = nameRenders.count;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const before = nameRenders.count;
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo('/role/add')).toHaveLength(1);
    expect(spinningAtWrite, 'the spinner is drawn after the write has left').toBe(false);
    expect(rendersAtWrite - before, 'the field with a rule did not render before the write').toBe(0);
    // Saved and closing: the button still spins in that frame, and stops after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.ant-btn-loading')).not.toBeNull();
    vi.advanceTimersToNextFrame();
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
  });

  it('a wrong form: its message shows, nothing is written, and the spinner stops at once', async () => {
    signIn();
    const api = fakeBackend({ '/role/add': { code: 200, data: { message: '成功' } } });
    const onSaved = vi.fn();
    render(
      <App>
        <RoleForm onSaved={onSaved} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入角色名称')).toBeTruthy();
    expect(api.callsTo('/role/add')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-btn-loading')).toBeNull();
  });
});
