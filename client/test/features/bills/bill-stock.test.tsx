// An open bill's stock follows what others do: a scan adding to a line asks for its stock again, and so does the form
// looked at again (the window's focus back), so a line shows what another clerk's sale left.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderBillForm } from '../../helpers/bill-form';
import { billOpening, untaxed } from '../../helpers/bill-products';
import { scriptBackend } from '../../helpers/form-page';

it('a second scan of a line and the window focus back each show the stock as it is now', async () => {
  let stock = 5;
  const api = scriptBackend({
    ...billOpening({
      organ: { 'POST /supplier/findBySelect_cus': () => [{ id: 58, supplier: '苏州恒信建设工程有限公司' }] },
      config: { minusStockFlag: '0' },
      number: '00000000901',
    }),
    'GET /material/getMaterialByBarCode': () => ({
      code: 200,
      data: [untaxed({ mBarCode: '1000002', name: '卷尺', commodityUnit: '个', billPrice: 12, stock })],
    }),
    'GET /depotItem/findStockByDepotAndBarCode': () => ({ code: 200, data: { stock } }),
  });
  renderBillForm('saleOut');
  await screen.findByDisplayValue('XSCK00000000901');
  const scan = screen.getByPlaceholderText<HTMLInputElement>('扫描或输入条码后回车');
  const stockShown = () => document.querySelector('.bill-grid tbody tr td[data-title="库存"]')?.textContent?.trim();
  fireEvent.change(scan, { target: { value: '1000002' } });
  fireEvent.keyDown(scan, { key: 'Enter' });
  await waitFor(() => expect(stockShown()).toBe('5'));

  // Another clerk sells 4: the next scan of the line shows the 1 left (its quantity 2 is then above it).
  stock = 1;
  fireEvent.change(scan, { target: { value: '1000002' } });
  fireEvent.keyDown(scan, { key: 'Enter' });
  await waitFor(() => expect(stockShown()).toMatch(/^1\b/));
  expect(api.callsTo('GET /depotItem/findStockByDepotAndBarCode').at(-1)?.query.get('depotId')).toBe('14');
  expect(document.querySelector('.bill-grid .stock-short')).not.toBeNull();

  // Goods come in elsewhere; the clerk comes back to the window: 库存 shows them.
  stock = 30;
  window.dispatchEvent(new FocusEvent('focus'));
  await waitFor(() => expect(stockShown()).toBe('30'));
});
