// A scanner types a code a key at a time into the scan field and Enter clears it: only the field renders for those
// keys (held by the bill form, each key rendered the whole form, and the Enter's render went ahead of the call).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillForm } from '../../../features/bills/form/bill-form';
import { billFormKind } from '../../../features/bills/form/bill-form-kinds';
import { render } from '../../helpers/render';
import { scriptBackend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

// Every component of the form that shows text calls useT as it renders: its calls count the form's renders.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../lib/i18n/use-t', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/i18n/use-t')>();
  return { ...actual, useT: () => { renders.count++; return actual.useT(); } };
});

const screwdriver = {
  mBarCode: '1000001', name: '螺丝刀套装', standard: '12件套', model: 'LS-12', commodityUnit: '套', sku: null,
  billPrice: 45, taxRate: 13, taxMoney: 5.85, taxLastMoney: 50.85, stock: 52, depotId: 14, enableSerialNumber: '0', enableBatchNumber: '0',
};

afterEach(() => vi.unstubAllGlobals());

describe('the scan field', () => {
  it('typing a code and its Enter render the field alone, and the call goes out', async () => {
    const api = scriptBackend({
      'POST /supplier/findBySelect_sup': () => [{ id: 57, supplier: '上海世达工具有限公司' }],
      'GET /depot/findDepotByCurrentUser': () => ({ code: 200, data: [{ id: 14, depotName: '总仓库', isDefault: true }] }),
      'GET /account/getAccount': () => ({ code: 200, data: { accountList: [{ id: 17, name: '现金', isDefault: true }] } }),
      'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: { minusStockFlag: '1' } }),
      'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: '00000000673' } }),
      'GET /material/getMaterialByBarCode': () => new Promise(() => undefined),
    });
    signIn();
    render(<App><BillForm kind={billFormKind('purchaseIn')} target={{ mode: 'add' }} canAudit onClose={() => undefined} onSaved={() => undefined} /></App>);
    const field = await screen.findByPlaceholderText<HTMLInputElement>('扫描或输入条码后回车');
    await waitFor(() => expect(screen.getByDisplayValue('CGRK00000000673')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 100));

    const before = renders.count;
    for (const length of [1, 2, 3, 4, 5, 6, 7]) fireEvent.change(field, { target: { value: '1000001'.slice(0, length) } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('GET /material/getMaterialByBarCode')).toHaveLength(1));
    expect(field.value, 'cleared for the next code').toBe('');
    expect(renders.count - before, 'no render of the form for the keys and the Enter').toBe(0);
    expect(api.callsTo('GET /material/getMaterialByBarCode')[0]!.query.get('barCode')).toBe('1000001');
  });
});
