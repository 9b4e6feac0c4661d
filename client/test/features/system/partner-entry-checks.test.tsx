// A partner form refuses what is no number, a negative opening balance or tax rate, a barcode-length number, a tax rate
// above 100, an address that is no email and
// a phone with letters, each with its message under the field and nothing sent; what was typed stays. Alt+N on the
// list opens 新增; `?` opens the sheet of keys (not while typing in a field).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import { ShortcutSheet } from '../../../components/shortcut-sheet';
import { render } from '../../helpers/render';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  listOf,
  nameCheck,
  ok,
  renderListPage,
  scriptBackend,
} from '../../helpers/form-page';

afterEach(() => vi.unstubAllGlobals());

describe('partner form checks, Alt+N and the key sheet', () => {
  it('abc12 in 期初应收, -5 in 税率, not-an-email and a phone with letters are refused with messages; corrected, numbers are sent', async () => {
    holdButtons(SYSTEM_VIEWS.customer.pageUrl, undefined);
    const backend = scriptBackend({
      'GET /supplier/list': () => listOf([]),
      'GET /supplier/checkIsNameAndTypeExist': nameCheck(),
      'POST /supplier/add': () => ok,
    });
    await renderListPage(SYSTEM_VIEWS.customer, SYSTEM_FORMS.customer);
    // Alt+N: the list's 新增.
    fireEvent.keyDown(window, { key: 'n', code: 'KeyN', altKey: true });
    const dialog = await formDialog();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '天津某公司' } });
    fireEvent.change(within(dialog).getByLabelText('期初应收'), { target: { value: 'abc12' } });
    fireEvent.change(within(dialog).getByLabelText('税率(%)'), { target: { value: '-5' } });
    fireEvent.change(within(dialog).getByLabelText('电子邮箱'), { target: { value: 'not-an-email' } });
    fireEvent.change(within(dialog).getByLabelText('手机号码'), { target: { value: '138abc' } });
    fireEvent.click(buttonNamed('保存', dialog));
    await within(dialog).findByText('请输入数字');
    await within(dialog).findByText('不能小于 0');
    await within(dialog).findByText('电子邮箱格式不正确');
    await within(dialog).findByText('电话号码格式不正确');
    expect(within(dialog).getByLabelText('期初应收')).toHaveValue('abc12');
    expect(within(dialog).getByLabelText('税率(%)')).toHaveValue('-5');
    expect(backend.callsTo('POST /supplier/add')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('期初应收'), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText('税率(%)'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('电子邮箱'), { target: { value: 'buyer@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('手机号码'), { target: { value: '138 0013 8000' } });
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /supplier/add')).toHaveLength(1));
    expect(backend.callsTo('POST /supplier/add')[0]?.body).toMatchObject({
      beginNeedGet: 12.5,
      taxRate: 5,
      email: 'buyer@example.com',
    });
  });

  it('a barcode-length 6901234500011 in 期初应收 and 税率 is refused at each field; 12.5 and 13 are sent', async () => {
    holdButtons(SYSTEM_VIEWS.customer.pageUrl, undefined);
    const backend = scriptBackend({
      'GET /supplier/list': () => listOf([]),
      'GET /supplier/checkIsNameAndTypeExist': nameCheck(),
      'POST /supplier/add': () => ok,
    });
    await renderListPage(SYSTEM_VIEWS.customer, SYSTEM_FORMS.customer);
    fireEvent.click(buttonNamed('新增'));
    const dialog = await formDialog();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '天津条码公司' } });
    fireEvent.change(within(dialog).getByLabelText('期初应收'), { target: { value: '6901234500011' } });
    fireEvent.change(within(dialog).getByLabelText('税率(%)'), { target: { value: '6901234500011' } });
    fireEvent.keyDown(within(dialog).getByLabelText('税率(%)'), { key: 's', ctrlKey: true });
    await waitFor(() =>
      expect(
        within(dialog).getAllByText('6901234500011 像是条码，请核对；确是此数请写作 6901234500011.00'),
      ).toHaveLength(2),
    );
    expect(within(dialog).getByLabelText('期初应收')).toHaveValue('6901234500011');
    expect(backend.callsTo('POST /supplier/add')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('税率(%)'), { target: { value: '101' } });
    await within(dialog).findByText('不能大于 100');

    fireEvent.change(within(dialog).getByLabelText('期初应收'), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText('税率(%)'), { target: { value: '13' } });
    fireEvent.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /supplier/add')).toHaveLength(1));
    expect(backend.callsTo('POST /supplier/add')[0]?.body).toMatchObject({ beginNeedGet: 12.5, taxRate: 13 });
  });

  it('? opens the sheet of keys, in the language shown; typed into a field it is a character', async () => {
    render(
      <App>
        <input aria-label="搜索" />
        <ShortcutSheet />
      </App>,
    );
    const field = screen.getByLabelText('搜索');
    fireEvent.keyDown(field, { key: '?' });
    expect(document.querySelector('.shortcut-sheet')).toBeNull();
    fireEvent.keyDown(document.body, { key: '?' });
    await screen.findByText('快捷键');
    for (const key of ['Alt+N', 'F2', 'Ctrl+↓', 'Ctrl+↑', 'Esc']) expect(screen.getByText(key)).toBeTruthy();
    expect(screen.getByText('列表页：新增')).toBeTruthy();
  });
});
