// The pickers by keyboard: keys typed while the product picker opens are kept and an early Enter takes the first
// product found for them (never one of an older search); it pages with its total and PageDown/PageUp; the link picker searches by bill number or product,
// pages with PageDown, shows each bill's amount and the highlighted bill's lines with what is left, and Enter takes
// the highlighted bill; the link field opens it with F4 while Enter walks on.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MaterialPicker } from '../../../features/bills/form/material-picker';
import { LinkPicker } from '../../../features/bills/form/link-picker';
import { LinkField } from '../../../features/bills/form/link-field';
import { render } from '../../helpers/render';
import { scriptBackend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

afterEach(() => vi.unstubAllGlobals());

const PRODUCTS = [
  { id: 100, mBarCode: '1000001', name: '螺丝刀套装', standard: '12件套', model: 'LS-12', unit: '套', stock: 52 },
  { id: 101, mBarCode: '1000003', name: 'A4复印纸', standard: '70g', model: 'A4-70', unit: '包', stock: 141 },
];

describe('pickers by keyboard', () => {
  it('the product picker keeps keys typed before its search box has the cursor; an early Enter takes what matches them', async () => {
    const api = scriptBackend({
      'GET /material/findBySelect': async (call) => {
        const q = call.query.get('q') ?? '';
        await new Promise((resolve) => setTimeout(resolve, q === '' ? 5 : 60));
        return { total: 2, rows: PRODUCTS.filter((p) => q === '' || p.name.includes(q) || p.mBarCode.includes(q)) };
      },
    });
    signIn();
    const onPick = vi.fn();
    render(
      <App>
        <input aria-label="条码 1" />
        <MaterialPicker open query="" depotId="14" onPick={onPick} onClose={vi.fn()} />
      </App>,
    );
    const cellInput = screen.getByLabelText('条码 1');
    cellInput.focus();
    for (const key of ['A', '4']) fireEvent.keyDown(cellInput, { key });
    fireEvent.keyDown(cellInput, { key: 'Enter' });
    expect(screen.getByPlaceholderText('条码、名称、助记码、规格、型号')).toHaveValue('A4');
    await waitFor(() => expect(onPick).toHaveBeenCalledWith('1000003'));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(api.callsTo('GET /material/findBySelect').at(-1)?.query.get('q')).toBe('A4');
  });

  it('the product picker pages ten at a time (its size changer offers 20 and 30) with the count found; PageDown reaches product 11 and Enter takes it', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      id: 200 + i,
      mBarCode: String(2000001 + i),
      name: `扳手${String(i + 1).padStart(3, '0')}`,
      unit: '把',
      stock: 5,
    }));
    const api = scriptBackend({
      'GET /material/findBySelect': (call) => {
        const page = Number(call.query.get('page'));
        const size = Number(call.query.get('rows'));
        return { total: many.length, rows: many.slice((page - 1) * size, page * size) };
      },
    });
    signIn();
    const onPick = vi.fn();
    render(
      <App>
        <MaterialPicker open query="扳手" depotId="14" onPick={onPick} onClose={vi.fn()} />
      </App>,
    );
    const search = await screen.findByRole('textbox', { name: '选择商品' });
    const names = () =>
      Array.from(document.querySelectorAll('table.bill-picker tbody tr td:nth-child(2)')).map((td) => td.textContent);
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()[0]).toBe('扳手001');
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('1-10 共120条');
    expect(document.querySelector('.ant-pagination-options .ant-select')?.textContent).toMatch(/^10\b/);
    fireEvent.keyDown(search, { key: 'PageDown' });
    await waitFor(() => expect(names()[0]).toBe('扳手011'));
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('11-20 共120条');
    expect(api.callsTo('GET /material/findBySelect').at(-1)?.query.get('page')).toBe('2');
    fireEvent.keyDown(search, { key: 'PageUp' });
    await waitFor(() => expect(names()[0]).toBe('扳手001'));
    fireEvent.keyDown(search, { key: 'PageUp' });
    expect(names()[0]).toBe('扳手001');
    fireEvent.keyDown(search, { key: 'PageDown' });
    await waitFor(() => expect(names()[0]).toBe('扳手011'));
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('2000011');
  });

  it('the link picker searches, pages past the first ten, shows amounts and what is left; Enter takes the highlighted bill', async () => {
    const bills = Array.from({ length: 23 }, (_, i) => ({
      id: 400 + i,
      number: `CGDD${String(400 + i).padStart(11, '0')}`,
      operTimeStr: '2026-11-21 10:00:00',
      organName: '上海世达工具有限公司',
      materialsList: i === 0 ? '螺丝刀套装,A4复印纸' : 'A4复印纸',
      materialCount: 3,
      totalTaxLastMoney: 100 + i,
      status: '1',
    }));
    const api = scriptBackend({
      'GET /depotHead/list': (call) => {
        const search = JSON.parse(call.query.get('search') ?? '{}') as { number?: string; materialParam?: string };
        const found = bills.filter(
          (b) =>
            (!search.number || b.number === search.number) &&
            (!search.materialParam || b.materialsList.includes(search.materialParam)),
        );
        const page = Number(call.query.get('currentPage'));
        const size = Number(call.query.get('pageSize'));
        return { code: 200, data: { total: found.length, rows: found.slice((page - 1) * size, page * size) } };
      },
      'GET /depotItem/getDetailList': (call) => ({
        code: 200,
        data: {
          total: 1,
          rows: [
            {
              id: 9000 + Number(call.query.get('headerId')),
              barCode: '1000001',
              name: '螺丝刀套装',
              unit: '套',
              operNumber: 5,
              finishNumber: 2,
              taxLastMoney: 226,
            },
          ],
        },
      }),
    });
    signIn();
    const onPick = vi.fn();
    render(
      <App>
        <LinkPicker source={{ type: '其它', subType: '采购订单', status: '1,3' }} onPick={onPick} onClose={vi.fn()} />
      </App>,
    );
    const search = await screen.findByPlaceholderText(/单据编号或商品/);
    await screen.findByText('CGDD00000000400');
    expect(screen.getByText('100')).toBeTruthy(); // the bill's amount
    // The highlighted bill's lines: 5 ordered, 2 done, 3 left.
    const lines = await screen.findByRole('table', { name: '单据 CGDD00000000400 的明细' });
    expect(Array.from(lines.querySelectorAll('tbody td')).map((td) => td.textContent)).toEqual([
      '1000001',
      '螺丝刀套装',
      '套',
      '5',
      '2',
      '3',
      '226',
    ]);
    fireEvent.keyDown(search, { key: 'PageDown' });
    await screen.findByText('CGDD00000000410');
    expect(api.callsTo('GET /depotHead/list').at(-1)?.query.get('currentPage')).toBe('2');
    fireEvent.keyDown(search, { key: 'PageDown' });
    await screen.findByText('CGDD00000000422');
    fireEvent.change(search, { target: { value: '螺丝刀' } });
    await waitFor(() =>
      expect(document.querySelectorAll('.bill-picker:not(.bill-picker-lines) tbody tr')).toHaveLength(1),
    );
    expect(JSON.parse(api.callsTo('GET /depotHead/list').at(-1)!.query.get('search')!)).toMatchObject({
      subType: '采购订单',
      materialParam: '螺丝刀',
    });
    fireEvent.change(search, { target: { value: 'CGDD00000000415' } });
    await screen.findByText('CGDD00000000415');
    await waitFor(() =>
      expect(document.querySelectorAll('.bill-picker:not(.bill-picker-lines) tbody tr')).toHaveLength(1),
    );
    expect(JSON.parse(api.callsTo('GET /depotHead/list').at(-1)!.query.get('search')!)).toMatchObject({
      number: 'CGDD00000000415',
    });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ number: 'CGDD00000000415' }));
  });

  it('the link field opens its picker with F4, Alt+↓ or Space; Enter is left to the walk', () => {
    const onSearch = vi.fn();
    render(
      <App>
        <Form>
          <LinkField name="linkNumber" title="col.linkOrder" onSearch={onSearch} />
        </Form>
      </App>,
    );
    const field = screen.getByLabelText('关联订单');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'F4' });
    fireEvent.keyDown(field, { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(field, { key: ' ' });
    expect(onSearch).toHaveBeenCalledTimes(3);
  });
});
