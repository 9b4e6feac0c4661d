// The products and the form opening the bill-form tests scan and open with: one set of the seed's goods, so a
// test names the product it scans rather than restating its fields.
import type { Handler } from './form-page';

/** 螺丝刀套装 as getMaterialByBarCode answers it, with 13% tax. */
export const SCREWDRIVER = {
  mBarCode: '1000001',
  name: '螺丝刀套装',
  standard: '12件套',
  model: 'LS-12',
  commodityUnit: '套',
  sku: null,
  billPrice: 45,
  taxRate: 13,
  taxMoney: 5.85,
  taxLastMoney: 50.85,
  stock: 52,
  depotId: 14,
  enableSerialNumber: '0',
  enableBatchNumber: '0',
};

/** A4复印纸, taxed like the screwdriver set. */
export const PAPER = {
  ...SCREWDRIVER,
  mBarCode: '1000003',
  name: 'A4复印纸',
  standard: '70g 500张',
  commodityUnit: '包',
  billPrice: 18,
  taxMoney: 2.34,
  taxLastMoney: 20.34,
  stock: 141,
};

interface Plain {
  mBarCode: string;
  name: string;
  commodityUnit: string;
  billPrice: number;
  stock: number;
}

/** A product without tax, spec, SKU, serial or batch numbers in depot 14: what the rules under test ignore. */
export const untaxed = (p: Plain) => ({
  taxRate: 0,
  depotId: 14,
  standard: '',
  model: '',
  sku: null,
  enableSerialNumber: '0',
  enableBatchNumber: '0',
  ...p,
});

/** 螺丝刀套装 untaxed. */
export const PLAIN_SCREWDRIVER = untaxed({
  mBarCode: '1000001',
  name: '螺丝刀套装',
  commodityUnit: '套',
  billPrice: 45,
  stock: 52,
});

interface Opening {
  /** The partner picker's route and answer; default the purchase side's supplier 上海世达工具有限公司. */
  organ?: Record<string, Handler>;
  /** The default number's digits. */
  number?: string;
  /** What getCurrentInfo answers (the shop's switches). */
  config?: Record<string, unknown>;
  /** The accounts offered; default 现金 alone. */
  accounts?: Record<string, unknown>[];
}

/** What a bill form's opening asks for: partner, depot 总仓库, accounts, the shop's switches, the new number. */
export function billOpening(opening: Opening = {}): Record<string, Handler> {
  const accounts = opening.accounts ?? [{ id: 17, name: '现金', isDefault: true }];
  return {
    ...(opening.organ ?? { 'POST /supplier/findBySelect_sup': () => [{ id: 57, supplier: '上海世达工具有限公司' }] }),
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [{ id: 14, depotName: '总仓库', isDefault: true }],
    }),
    'GET /account/getAccount': () => ({ code: 200, data: { accountList: accounts } }),
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: opening.config ?? { minusStockFlag: '1' } }),
    'GET /sequence/buildNumber': () => ({ code: 200, data: { defaultNumber: opening.number ?? '00000000673' } }),
  };
}

/** What a purchase bill form's opening asks for (supplier 上海世达工具有限公司, depot 总仓库, account 现金, number …673). */
export const PURCHASE_BILL_OPENING = billOpening();
