// Customers, vendors and members: one form by type.
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import {
  buttonNamed,
  formDialog,
  holdButtons,
  linkNamed,
  listOf,
  nameCheck,
  ok,
  renderListPage,
  rowWith,
  scriptBackend,
  shownMessages,
} from '../../helpers/form-page';

const user = userEvent.setup({ pointerEventsCheck: 0 });
afterEach(() => vi.unstubAllGlobals());

describe('客户 / 供应商 / 会员 form', () => {
  it('客户: the name check carries type=客户, the body carries the type, both opening balances are refused', async () => {
    holdButtons(SYSTEM_VIEWS.customer.pageUrl, undefined);
    const row = {
      id: 58,
      supplier: '上海某公司',
      type: '客户',
      beginNeedGet: 0,
      beginNeedPay: 20,
      allNeedGet: 300,
      taxRate: 13,
      enabled: true,
    };
    const backend = scriptBackend({
      'GET /supplier/list': () => listOf([row]),
      'GET /supplier/checkIsNameAndTypeExist': nameCheck('北京某公司'),
      'POST /supplier/add': () => ok,
      'PUT /supplier/update': () => ok,
    });
    await renderListPage(SYSTEM_VIEWS.customer, SYSTEM_FORMS.customer);
    await user.click(buttonNamed('新增'));
    let dialog = await formDialog();
    expect(within(dialog).queryByLabelText('期初应付')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '北京某公司' } });
    await waitFor(() => expect(within(dialog).getByText('名称已经存在')).toBeInTheDocument());
    const check = backend.callsTo('GET /supplier/checkIsNameAndTypeExist')[0];
    expect([check?.query.get('name'), check?.query.get('type'), check?.query.get('id')]).toEqual([
      '北京某公司',
      '客户',
      '0',
    ]);
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '天津某公司' } });
    fireEvent.change(within(dialog).getByLabelText('税率(%)'), { target: { value: '13' } });
    await waitFor(() => expect(within(dialog).queryByText('名称已经存在')).toBeNull());
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /supplier/add')).toHaveLength(1));
    expect(backend.callsTo('POST /supplier/add')[0]?.body).toMatchObject({
      supplier: '天津某公司',
      taxRate: 13,
      type: '客户',
    });

    // A record that already has an opening payable cannot also get an opening receivable.
    await user.click(linkNamed('编辑', rowWith('上海某公司')));
    dialog = await formDialog();
    expect(within(dialog).getByLabelText('期末应收')).toHaveAttribute('readonly');
    fireEvent.change(within(dialog).getByLabelText('期初应收'), { target: { value: '100' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(shownMessages()).toContain('期初应收和期初应付不能同时输入'));
    expect(backend.callsTo('PUT /supplier/update')).toHaveLength(0);
  });

  it('供应商: 期初应付 instead of 期初应收, names of 2 to 60 characters', async () => {
    holdButtons(SYSTEM_VIEWS.vendor.pageUrl, undefined);
    const backend = scriptBackend({
      'GET /supplier/list': () => listOf([]),
      'GET /supplier/checkIsNameAndTypeExist': nameCheck(''),
      'POST /supplier/add': () => ok,
    });
    await renderListPage(SYSTEM_VIEWS.vendor, SYSTEM_FORMS.vendor);
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    expect(within(dialog).queryByLabelText('期初应收')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: 'x'.repeat(61) } });
    await waitFor(() => expect(within(dialog).getByText('长度在 2 到 60 个字符')).toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '深圳供应商' } });
    fireEvent.change(within(dialog).getByLabelText('期初应付'), { target: { value: '50' } });
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(backend.callsTo('POST /supplier/add')).toHaveLength(1));
    expect(backend.callsTo('POST /supplier/add')[0]?.body).toMatchObject({
      supplier: '深圳供应商',
      beginNeedPay: 50,
      type: '供应商',
    });
    expect(backend.callsTo('GET /supplier/checkIsNameAndTypeExist').at(-1)?.query.get('type')).toBe('供应商');
  });

  it('会员: 会员卡号 with its own messages, no business fields', async () => {
    holdButtons(SYSTEM_VIEWS.member.pageUrl, undefined);
    scriptBackend({
      'GET /supplier/list': () => listOf([]),
      'GET /supplier/checkIsNameAndTypeExist': nameCheck('13800000000'),
    });
    await renderListPage(SYSTEM_VIEWS.member, SYSTEM_FORMS.member);
    await user.click(buttonNamed('新增'));
    const dialog = await formDialog();
    expect(within(dialog).queryByLabelText('传真')).toBeNull();
    expect(within(dialog).queryByLabelText('纳税人识别号')).toBeNull();
    await user.click(buttonNamed('保存', dialog));
    await waitFor(() => expect(within(dialog).getByText('请输入会员卡号!')).toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText('会员卡号'), { target: { value: '13800000000' } });
    await waitFor(() => expect(within(dialog).getByText('会员卡号已经存在')).toBeInTheDocument());
  });
});
