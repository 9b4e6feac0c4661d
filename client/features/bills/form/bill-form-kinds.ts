// What the one bill form shows and sends for each of the fourteen kinds: the head's party and money block, the
// grid's columns, the signs of the amounts and the exact validation texts of the original modals.
import type { MessageKey } from '../../../lib/i18n/i18n';
import { BILL_KINDS, type BillKind } from '../bill-spec';

export type BillKindName = keyof typeof BILL_KINDS;

/** none: 请购单 and the stock-only kinds; order: 订金 only; full: discount…debt; retail: 单据金额, 收款金额, 找零. */
export type MoneyKind = 'none' | 'order' | 'full' | 'retail';

/** The /depotHead/list search of the bills a kind links to (关联订单 / 关联单据). */
export interface LinkSource {
  type: string;
  subType: string;
  status: string;
  /** 以销定购: only the sale orders not yet wholly purchased (0 未采购, 3 部分采购). */
  purchaseStatus?: string;
}

export interface BillFormKind extends BillKind {
  name: BillKindName;
  money: MoneyKind;
  /** Money leaving the company: totalPrice and changeAmount are sent negative. */
  negate: boolean;
  /** Lines carry a depot (not 请购单 and the orders). */
  depot: boolean;
  /** 调拨: each line names a target depot. */
  anotherDepot: boolean;
  /** 组装单/拆卸单: the first line is the 组合件, the others 普通子件. */
  assembly: boolean;
  /** Lines carry prices (not 请购单). */
  price: boolean;
  /** Lines carry 税率/税额/价税合计. */
  tax: boolean;
  /** Serial and batch numbers: typed on inbound kinds, taken from stock on outbound ones; none where refused. */
  serials: 'in' | 'out' | 'none';
  /** The party must be chosen, with this message. */
  partyRule?: MessageKey;
  /** The settlement account must be chosen, with this message. */
  accountRule?: MessageKey;
  /** 本次付款/收款 must be typed (采购入库, 销售出库). */
  changeRequired: boolean;
  /** The date's required message (采购入库/销售出库 end it with ！). */
  dateRule: MessageKey;
  /** 销售人员 (sale order, out and back). */
  salesMan: boolean;
  /** Title of the 优惠金额 field. */
  discountMoneyTitle?: MessageKey;
  /** Quantities above the stock are refused by the backend (type 出库) unless negative stock is allowed. */
  stockOut: boolean;
  /** Where 关联订单 / 关联单据 / 关联请购单 picks from; returns take every line of the source as it is. */
  linkSource?: LinkSource;
  /** 以销定购 (purchaseBySaleFlag): a second link, 关联订单, to a 销售订单 (采购订单 only). */
  saleLinkSource?: LinkSource;
}

type Extra = Omit<BillFormKind, keyof BillKind | 'name'>;

const base: Pick<
  Extra,
  | 'depot'
  | 'anotherDepot'
  | 'assembly'
  | 'price'
  | 'tax'
  | 'serials'
  | 'changeRequired'
  | 'dateRule'
  | 'salesMan'
  | 'stockOut'
> = {
  depot: true,
  anotherDepot: false,
  assembly: false,
  price: true,
  tax: true,
  serials: 'none',
  changeRequired: false,
  dateRule: 'bill.rule.date',
  salesMan: false,
  stockOut: false,
};

const EXTRA: Record<BillKindName, Extra> = {
  purchaseApply: { ...base, money: 'none', negate: true, depot: false, price: false, tax: false },
  purchaseOrder: {
    ...base,
    money: 'order',
    negate: true,
    depot: false,
    partyRule: 'bill.rule.supplier',
    discountMoneyTitle: 'bill.payDiscount',
    linkSource: { type: '其它', subType: '请购单', status: '1,3' },
    saleLinkSource: { type: '其它', subType: '销售订单', status: '1,3', purchaseStatus: '0,3' },
  },
  purchaseIn: {
    ...base,
    money: 'full',
    negate: true,
    serials: 'in',
    partyRule: 'bill.rule.supplierWide',
    accountRule: 'bill.rule.accountWide',
    changeRequired: true,
    dateRule: 'bill.rule.dateWide',
    discountMoneyTitle: 'bill.payDiscount',
    linkSource: { type: '其它', subType: '采购订单', status: '1,3' },
  },
  purchaseBack: {
    ...base,
    money: 'full',
    negate: false,
    serials: 'out',
    partyRule: 'bill.rule.supplier',
    accountRule: 'bill.rule.account',
    discountMoneyTitle: 'bill.refundDiscount',
    stockOut: true,
    linkSource: { type: '入库', subType: '采购', status: '1,2,3' },
  },
  saleOrder: {
    ...base,
    money: 'order',
    negate: false,
    depot: false,
    partyRule: 'bill.rule.customer',
    salesMan: true,
    discountMoneyTitle: 'bill.receiveDiscount',
  },
  saleOut: {
    ...base,
    money: 'full',
    negate: false,
    serials: 'out',
    partyRule: 'bill.rule.customerWide',
    accountRule: 'bill.rule.accountWide',
    changeRequired: true,
    dateRule: 'bill.rule.dateWide',
    salesMan: true,
    discountMoneyTitle: 'bill.receiveDiscount',
    stockOut: true,
    linkSource: { type: '其它', subType: '销售订单', status: '1,3' },
  },
  saleBack: {
    ...base,
    money: 'full',
    negate: true,
    serials: 'in',
    partyRule: 'bill.rule.customer',
    accountRule: 'bill.rule.account',
    salesMan: true,
    discountMoneyTitle: 'bill.refundDiscount',
    linkSource: { type: '出库', subType: '销售', status: '1,2,3' },
  },
  retailOut: {
    ...base,
    money: 'retail',
    negate: false,
    tax: false,
    serials: 'out',
    accountRule: 'bill.rule.account',
    stockOut: true,
  },
  retailBack: {
    ...base,
    money: 'retail',
    negate: true,
    tax: false,
    serials: 'in',
    accountRule: 'bill.rule.account',
    linkSource: { type: '出库', subType: '零售', status: '1' },
  },
  otherIn: { ...base, money: 'none', negate: true, tax: false, serials: 'in' },
  otherOut: { ...base, money: 'none', negate: false, tax: false, serials: 'out', stockOut: true },
  allocationOut: { ...base, money: 'none', negate: false, tax: false, anotherDepot: true, stockOut: true },
  assemble: { ...base, money: 'none', negate: false, tax: false, assembly: true },
  disassemble: { ...base, money: 'none', negate: false, tax: false, assembly: true },
};

export function billFormKind(name: BillKindName): BillFormKind {
  return { ...BILL_KINDS[name], ...EXTRA[name], name };
}

export const BILL_KIND_NAMES = Object.keys(BILL_KINDS) as BillKindName[];

/** Title of the changeAmount field: 本次付款, 收取订金, 单据金额… */
export function changeTitle(kind: BillFormKind): MessageKey {
  if (kind.money === 'retail') return 'bill.billAmount';
  return kind.changeTitle ?? 'col.paidNow';
}

/** The form's title of the party: 供应商, 客户, or on retail bills 会员卡号. */
export function partyTitle(kind: BillFormKind): MessageKey {
  if (kind.party === 'supplier') return 'col.supplier';
  return kind.party === 'customer' ? 'col.customer' : 'bill.memberCard';
}

/** The account's title: retail bills name it by the direction of the money (收款账户 / 付款账户), others 结算账户. */
export function accountTitle(kind: BillFormKind): MessageKey {
  if (kind.money !== 'retail') return 'col.account';
  return kind.negate ? 'finance.field.payAccount' : 'finance.field.receiveAccount';
}
