// Kind constants, the scan rule and the save body of the bill form, plain.
import { describe, expect, it } from 'vitest';
import { BILL_KIND_NAMES, billFormKind } from '../../../features/bills/form/bill-form-kinds';
import {
  applyScan,
  assemblyTypes,
  billBody,
  emptyLine,
  gridColumns,
  lineFromDetail,
  lineProblem,
  linkedLines,
  shortOfStock,
  type BillHead,
} from '../../../features/bills/form/bill-lines';
import {
  EMPTY_MONEY,
  moneyFromChangeAmount,
  moneyFromOtherMoney,
  moneyFromTotal,
} from '../../../features/bills/form/bill-math';
import { PAPER as paper, SCREWDRIVER as screwdriver } from '../../helpers/bill-products';

const head: BillHead = {
  number: 'CGRK00000000673',
  defaultNumber: 'CGRK00000000673',
  operTime: '2026-08-05 10:20:30',
  organId: '57',
  accountId: '17',
  salesMan: [],
  payType: '',
  linkNumber: '',
  remark: '首批',
};

describe('kind constants', () => {
  it('every list kind has a form kind with its prefix, type and sign', () => {
    expect(BILL_KIND_NAMES).toHaveLength(14);
    const signs = Object.fromEntries(BILL_KIND_NAMES.map((n) => [billFormKind(n).prefixNo, billFormKind(n).negate]));
    expect(signs).toEqual({
      QGD: true,
      CGDD: true,
      CGRK: true,
      CGTH: false,
      XSDD: false,
      XSCK: false,
      XSTH: true,
      LSCK: false,
      LSTH: true,
      QTRK: true,
      QTCK: false,
      DBCK: false,
      ZZD: false,
      CXD: false,
    });
  });

  it('money blocks, depots and tax columns follow the original modals', () => {
    const k = (n: Parameters<typeof billFormKind>[0]) => billFormKind(n);
    expect([k('purchaseIn').money, k('purchaseOrder').money, k('retailOut').money, k('otherIn').money]).toEqual([
      'full',
      'order',
      'retail',
      'none',
    ]);
    expect([k('purchaseApply').depot, k('saleOrder').depot, k('saleOut').depot]).toEqual([false, false, true]);
    expect([k('purchaseApply').price, k('retailOut').tax, k('saleOut').tax]).toEqual([false, false, true]);
    expect(k('allocationOut').anotherDepot && k('assemble').assembly && k('disassemble').assembly).toBe(true);
    expect(BILL_KIND_NAMES.filter((n) => k(n).stockOut).map((n) => k(n).prefixNo)).toEqual([
      'CGTH',
      'XSCK',
      'LSCK',
      'QTCK',
      'DBCK',
    ]);
    expect([k('purchaseIn').partyRule, k('saleOut').accountRule, k('purchaseBack').accountRule]).toEqual([
      'bill.rule.supplierWide',
      'bill.rule.accountWide',
      'bill.rule.account',
    ]);
  });
});

describe('scan', () => {
  it('a new barcode fills the trailing empty line at quantity 1, priced with tax', () => {
    const result = applyScan([emptyLine('14')], screwdriver, '14');
    expect(result.index).toBe(0);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({
      barCode: '1000001',
      unit: '套',
      operNumber: 1,
      unitPrice: 45,
      allPrice: 45,
      taxMoney: 5.85,
      taxLastMoney: 50.85,
      depotId: '14',
      stock: 52,
    });
  });

  it('the same barcode again increments its line; another adds a line', () => {
    let result = applyScan([emptyLine('14')], screwdriver, '14');
    result = applyScan(result.lines, paper, '14');
    expect(result.index).toBe(1);
    result = applyScan(result.lines, screwdriver, '14');
    expect(result.index).toBe(0);
    expect(result.lines.map((l) => [l.barCode, l.operNumber, l.allPrice])).toEqual([
      ['1000001', 2, 90],
      ['1000003', 1, 18],
    ]);
  });

  it('assembly bills label the first line 组合件 and the rest 普通子件', () => {
    const lines = applyScan(applyScan([emptyLine('14')], screwdriver, '14').lines, paper, '14').lines;
    expect(assemblyTypes(lines).map((l) => l.mType)).toEqual(['组合件', '普通子件']);
  });

  it('a quantity above the stock is flagged', () => {
    const line = applyScan([emptyLine('14')], { ...screwdriver, stock: 0.5 }, '14').lines[0]!;
    expect(shortOfStock(line)).toBe(true);
    expect(shortOfStock({ ...line, operNumber: 0.5 })).toBe(false);
  });
});

describe('save body', () => {
  it('采购入库: info and rows are JSON text, totalPrice and changeAmount negative, Σ pre-tax', () => {
    const kind = billFormKind('purchaseIn');
    let lines = applyScan([emptyLine('14')], screwdriver, '14').lines;
    lines = [{ ...lines[0]!, operNumber: 10, allPrice: 450, taxMoney: 58.5, taxLastMoney: 508.5 }];
    lines = applyScan(lines, paper, '14').lines;
    lines = [
      lines[0]!,
      { ...lines[1]!, operNumber: 20, allPrice: 360, taxMoney: 46.8, taxLastMoney: 406.8 },
      emptyLine('14'),
    ];
    let money = moneyFromTotal(EMPTY_MONEY, 915.3, { order: false, zeroChange: false });
    money = moneyFromChangeAmount({ ...moneyFromOtherMoney({ ...money, otherMoney: 20 }), changeAmount: 900 });
    const body = billBody(kind, head, money, lines, '0');
    expect(typeof body.info).toBe('string');
    expect(typeof body.rows).toBe('string');
    const info = JSON.parse(body.info) as Record<string, unknown>;
    expect(info).toMatchObject({
      type: '入库',
      subType: '采购',
      number: 'CGRK00000000673',
      organId: 57,
      accountId: 17,
      totalPrice: -810,
      changeAmount: -900,
      discountLastMoney: 915.3,
      otherMoney: 20,
      debt: 35.3,
      status: '0',
      operTime: '2026-08-05 10:20:30',
    });
    expect(info).not.toHaveProperty('id');
    expect(info).not.toHaveProperty('tenantId');
    const rows = JSON.parse(body.rows) as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      barCode: '1000001',
      unit: '套',
      operNumber: 10,
      unitPrice: 45,
      allPrice: 450,
      taxRate: 13,
      taxMoney: 58.5,
      taxLastMoney: 508.5,
      depotId: '14',
    });
  });

  it('an edit sends id and status; orders send no depot; 请购单 sends no prices', () => {
    const order = billBody(
      billFormKind('saleOrder'),
      { ...head, id: 12, salesMan: ['5', '6'] },
      EMPTY_MONEY,
      applyScan([emptyLine()], screwdriver, '').lines,
      '1',
    );
    expect(JSON.parse(order.info)).toMatchObject({
      id: 12,
      status: '1',
      salesMan: '5,6',
      totalPrice: 45,
      changeAmount: 0,
    });
    expect(JSON.parse(order.rows)[0]).toMatchObject({ depotId: '' });
    const apply = billBody(
      billFormKind('purchaseApply'),
      head,
      EMPTY_MONEY,
      applyScan([emptyLine()], screwdriver, '').lines,
      '0',
    );
    expect(JSON.parse(apply.info)).toMatchObject({ totalPrice: null });
    expect(JSON.parse(apply.info)).not.toHaveProperty('changeAmount');
    expect(JSON.parse(apply.rows)[0]).not.toHaveProperty('unitPrice');
  });

  it('lines read back from the detail keep their cells', () => {
    const line = lineFromDetail({
      id: 91,
      barCode: '1000001',
      unit: '套',
      operNumber: 10,
      unitPrice: 45,
      allPrice: 450,
      taxRate: 13,
      depotId: 14,
      name: '螺丝刀套装',
    });
    expect(line).toMatchObject({ key: '91', barCode: '1000001', depotId: '14', operNumber: 10, unitPrice: 45 });
  });
});

describe('line rules', () => {
  it('the original grid messages, first failure wins', () => {
    const kind = billFormKind('purchaseIn');
    expect(lineProblem(kind, [emptyLine('14')])).toEqual({ problem: 'bill.rule.noLines', index: 0 });
    const filled = applyScan([emptyLine('14')], screwdriver, '14').lines[0]!;
    expect(lineProblem(kind, [{ ...filled, depotId: '' }])?.problem).toBe('bill.rule.depot');
    expect(lineProblem(kind, [{ ...filled, operNumber: null }])?.problem).toBe('bill.rule.quantity');
    expect(lineProblem(kind, [filled, emptyLine('14')])).toBeNull();
  });
});

describe('linked bills', () => {
  const orderLines = [
    {
      id: 801,
      barCode: '1000001',
      unit: '套',
      operNumber: 30,
      preNumber: 30,
      finishNumber: 10,
      unitPrice: 45,
      taxRate: 13,
      depotId: '',
    },
    {
      id: 802,
      barCode: '1000003',
      unit: '包',
      operNumber: 20,
      preNumber: 20,
      finishNumber: 20,
      unitPrice: 18,
      taxRate: 13,
      depotId: '',
    },
  ];

  it('a receipt takes what is left of each order line, remembers it, and drops finished lines', () => {
    const lines = linkedLines(billFormKind('purchaseIn'), orderLines, '14');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      barCode: '1000001',
      operNumber: 20,
      linkId: '801',
      preNumber: '30',
      finishNumber: '10',
      depotId: '14',
      allPrice: 900,
      taxMoney: 117,
      taxLastMoney: 1017,
    });
    expect(lines[0]!.key).not.toBe('801');
  });

  it('a return takes every line of its source as it was', () => {
    const lines = linkedLines(
      billFormKind('purchaseBack'),
      orderLines.map((l) => ({ ...l, depotId: 14 })),
      '15',
    );
    expect(lines.map((l) => [l.operNumber, l.depotId])).toEqual([
      [30, '14'],
      [20, '14'],
    ]);
  });
});

describe('gridColumns: the optional line columns', () => {
  it('shows 序列号 only for a serial line and 批号 / 有效期 only for a batch line, on the kinds that take them', () => {
    const purchaseIn = billFormKind('purchaseIn');
    expect(gridColumns(purchaseIn, false, false)).toEqual({ serial: false, batch: false });
    expect(gridColumns(purchaseIn, true, false)).toEqual({ serial: true, batch: false });
    expect(gridColumns(purchaseIn, false, true)).toEqual({ serial: false, batch: true });
    // A kind without serials or batches (an order) never shows them, whatever its products.
    expect(gridColumns(billFormKind('purchaseOrder'), true, true)).toEqual({ serial: false, batch: false });
  });
});
