// 系统设置's 单行数量上限: shown with its default, a number typed there is kept (an emptied field is not, and shows the
// kept one again), and the bill form opened afterwards refuses a line above it with the ceiling in its message.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { SettingsDrawer } from '../../../features/settings/components/settings-drawer';
import { BillForm } from '../../../features/bills/form/bill-form';
import { billFormKind } from '../../../features/bills/form/bill-form-kinds';
import { storage, StorageKeys } from '../../../lib/storage';
import { renderInShell } from '../../helpers/render-page';
import { scriptBackend } from '../../helpers/form-page';
import { billOpening, PLAIN_SCREWDRIVER } from '../../helpers/bill-products';

afterEach(() => storage.remove(StorageKeys.maxLineQuantity));

it('the ceiling typed in the settings drawer is kept and is the one the bill form refuses above', async () => {
  const api = scriptBackend({
    ...billOpening({ number: '00000000801' }),
    'GET /material/getMaterialByBarCode': () => ({ code: 200, data: [PLAIN_SCREWDRIVER] }),
    'POST /depotHead/addDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
  });
  const { unmount } = renderInShell(<SettingsDrawer open onClose={vi.fn()} />);
  const ceiling = await screen.findByLabelText<HTMLInputElement>('单行数量上限');
  expect(ceiling.value).toBe('99999');
  expect(screen.getByTestId('setting-maxLineQuantity').textContent).toContain('默认 99999');
  fireEvent.change(ceiling, { target: { value: '' } });
  fireEvent.blur(ceiling);
  expect(storage.get(StorageKeys.maxLineQuantity)).toBeUndefined();
  expect(ceiling.value).toBe('99999');
  fireEvent.change(ceiling, { target: { value: '200' } });
  expect(storage.get(StorageKeys.maxLineQuantity)).toBe(200);
  fireEvent.blur(ceiling);
  expect(ceiling.value).toBe('200');
  unmount();

  renderInShell(
    <BillForm
      kind={billFormKind('purchaseIn')}
      target={{ mode: 'add' }}
      canAudit={false}
      onClose={vi.fn()}
      onSaved={vi.fn()}
    />,
  );
  await screen.findByDisplayValue('CGRK00000000801');
  const scan = screen.getByPlaceholderText<HTMLInputElement>('扫描或输入条码后回车');
  fireEvent.change(scan, { target: { value: '1000001' } });
  fireEvent.keyDown(scan, { key: 'Enter' });
  const quantity = await waitFor(() => {
    const input = document.querySelector<HTMLInputElement>('.bill-grid [aria-label="数量 1"]');
    expect(input?.value).toBe('1');
    return input!;
  });
  fireEvent.change(quantity, { target: { value: '201' } });
  expect(Array.from(document.querySelectorAll('.bill-cell-problems li')).map((li) => li.textContent)).toEqual([
    '第 1 行数量 201 超过上限 200',
  ]);
  fireEvent.change(quantity, { target: { value: '200' } });
  expect(document.querySelectorAll('.bill-cell-problems li')).toHaveLength(0);
  expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(0);
});
