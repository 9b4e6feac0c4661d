// 系统配置 over a scripted backend: the page shows the tenant's row, every change sends the whole row as the
// original does (PUT /systemConfig/update with the id, POST /systemConfig/add while there is none), one save at a
// time, and a refused save shows the backend's message while the page keeps what the user typed.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SystemConfigPage from '../../../features/system/components/system-config-page';
import { storage, StorageKeys } from '../../../lib/storage';
import { listOf, ok, scriptBackend, type Handler } from '../../helpers/form-page';
import { renderInShell } from '../../helpers/render-page';

const ROW = {
  id: 7,
  companyName: '南通某某公司',
  companyContacts: '张三',
  companyAddress: '南通市',
  companyTel: '0513-1234567',
  companyFax: '0513-7654321',
  companyPostCode: '226000',
  saleAgreement: '货到付款',
  depotFlag: '0',
  customerFlag: '1',
  minusStockFlag: '0',
  updateUnitPriceFlag: '1',
  multiLevelApprovalFlag: '0',
  multiBillType: '',
  tenantId: 63,
  deleteFlag: '0',
};

function backend(rows: Record<string, unknown>[], writes: Record<string, Handler> = {}) {
  return scriptBackend({
    'GET /systemConfig/list': () => listOf(rows),
    'GET /plugin/checkByPluginId': () => ({ code: 200, data: false }),
    'PUT /systemConfig/update': () => ok,
    'POST /systemConfig/add': () => ok,
    ...writes,
  });
}

// Writes to /systemConfig go out a second apart. The clock moves on a second where the user would pause (between
// tests, before a change that follows a save), so the tests do not sit out real seconds.
const realNow = Date.now.bind(Date);
let clockShift = 0;
const aSecondLater = () => {
  clockShift += 1000;
};

beforeEach(() => {
  aSecondLater();
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockShift);
});

afterEach(() => {
  storage.remove(StorageKeys.buttonPermissions);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('系统配置', () => {
  it('shows the row and sends the whole row with the changed switch', async () => {
    const api = backend([ROW]);
    renderInShell(<SystemConfigPage />);
    expect(await screen.findByDisplayValue('南通某某公司')).toBeInTheDocument();
    expect(screen.getByLabelText('销售协议')).toHaveValue('货到付款');
    expect(screen.getByText('（启用后，单据支持负库存录入，不会再提示库存不足）')).toBeInTheDocument();
    expect(screen.getByLabelText('分配客户权限')).toBeChecked();
    // 更新单价 is on, 移动平均价 (no value in the row) off.
    expect(screen.getByLabelText('更新单价')).toBeChecked();
    expect(screen.getByLabelText('移动平均价')).not.toBeChecked();
    expect(api.callsTo('GET /systemConfig/list')[0]!.query.get('search')).toBe('{"companyName":""}');

    fireEvent.click(screen.getByLabelText('分配仓库权限'));
    await waitFor(() => expect(api.callsTo('PUT /systemConfig/update')).toHaveLength(1));
    expect(api.callsTo('PUT /systemConfig/update')[0]!.body).toEqual({ ...ROW, depotFlag: '1' });
    expect(screen.getByLabelText('分配仓库权限')).toBeChecked();
  });

  it("shows a refused save's message, keeps the typed text, and sends changes made meanwhile once it returns", async () => {
    let refuse!: (body: unknown) => void;
    const api = backend([ROW], {
      'PUT /systemConfig/update': () =>
        new Promise((resolve) => {
          refuse = resolve;
        }),
    });
    renderInShell(<SystemConfigPage />);
    const name = await screen.findByLabelText('公司名称');
    fireEvent.change(name, { target: { value: '南通新公司' } });
    await waitFor(() => expect(api.callsTo('PUT /systemConfig/update')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '李四' } });
    fireEvent.click(screen.getByLabelText('零收付款'));
    // The first save is still on its way: nothing else is sent.
    expect(api.callsTo('PUT /systemConfig/update')).toHaveLength(1);

    api.answer('PUT /systemConfig/update', () => ok);
    aSecondLater();
    refuse({ code: 500, data: { message: '服务内部错误' } });
    await waitFor(() => expect(screen.getByText('服务内部错误')).toBeInTheDocument());
    expect(screen.getByLabelText('公司名称')).toHaveValue('南通新公司');
    await waitFor(() => expect(api.callsTo('PUT /systemConfig/update')).toHaveLength(2));
    expect(api.callsTo('PUT /systemConfig/update')[1]!.body).toEqual({
      ...ROW,
      companyName: '南通新公司',
      companyContacts: '李四',
      zeroChangeAmountFlag: '1',
    });
  });

  it('adds the row while the tenant has none, and does not send a company name over 30 characters', async () => {
    let rows: Record<string, unknown>[] = [];
    const api = backend([], {
      'GET /systemConfig/list': () => listOf(rows),
      'POST /systemConfig/add': (call) => {
        rows = [{ ...(call.body as object), id: 9, tenantId: 63 }];
        return ok;
      },
    });
    renderInShell(<SystemConfigPage />);
    const name = await screen.findByLabelText('公司名称');
    await waitFor(() => expect(name).toBeEnabled());
    fireEvent.change(name, { target: { value: '一'.repeat(31) } });
    await waitFor(() => expect(screen.getByText('公司名称长度超过30个字符')).toBeInTheDocument());
    expect(name).toHaveValue('一'.repeat(31));
    expect(api.callsTo('POST /systemConfig/add')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '南通新公司' } });
    await waitFor(() => expect(api.callsTo('POST /systemConfig/add')).toHaveLength(1));
    expect(api.callsTo('POST /systemConfig/add')[0]!.body).toEqual({ companyName: '南通新公司' });
    await waitFor(() => expect(api.callsTo('GET /systemConfig/list')).toHaveLength(2));
    aSecondLater();
    fireEvent.click(screen.getByLabelText('多账户'));
    await waitFor(() => expect(api.callsTo('PUT /systemConfig/update')).toHaveLength(1));
    expect(api.callsTo('PUT /systemConfig/update')[0]!.body).toEqual({
      companyName: '南通新公司',
      id: 9,
      tenantId: 63,
      multiAccountFlag: '1',
    });
  });

  it("shows the values read-only to a user without the page's edit code", async () => {
    storage.set(StorageKeys.buttonPermissions, [{ url: '/system/system_config', btnStr: '3' }]);
    backend([ROW]);
    renderInShell(<SystemConfigPage />);
    expect(await screen.findByDisplayValue('南通某某公司')).toBeDisabled();
    expect(screen.getByLabelText('分配仓库权限')).toBeDisabled();
  });
});
