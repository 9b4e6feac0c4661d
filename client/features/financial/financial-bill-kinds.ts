// What differs between the six financial bills' forms (收款单, 付款单, 收预付款, 转账单, 收入单, 支出单): the party
// select, the head account, the detail grid and its columns, the amount labels and the required messages, worded
// as the original modals word them. The form itself (components/financial-bill-form.tsx) is one for all six.
import type { MessageKey } from '../../lib/i18n/i18n';

/** 收款/付款 settle open sales/purchase bills; 收预付款/转账 move money into accounts; 收入/支出 book income/expense items. */
export type GridKind = 'debt' | 'account' | 'item';

export interface PartyField {
  label: MessageKey;
  /** POST endpoint answering a bare array of {id, supplier}. */
  url: string;
  /** Absent: the party is optional (收入/支出). */
  required?: MessageKey;
}

/** The 选择单据 picker of 收款/付款: the open bills of the party, of one type and sub-type. */
export interface DebtPicker {
  type: '出库' | '入库';
  subType: '销售' | '采购';
  title: MessageKey;
  /** Warning when no party is chosen yet. */
  partyFirst: MessageKey;
  settledColumn: MessageKey;
  owingColumn: MessageKey;
  beginConfirm: MessageKey;
}

export interface GridColumns {
  /** 销售单据编号 / 账户名称 / 收入项目… */
  first: MessageKey;
  firstRequired?: MessageKey;
  need?: MessageKey;
  finish?: MessageKey;
  amount: MessageKey;
  amountRequired: MessageKey;
}

export interface BillFormKind {
  type: string;
  prefixNo: string;
  title: MessageKey;
  party?: PartyField;
  /** The head account (every kind but 收预付款). */
  account?: { label: MessageKey; required: MessageKey };
  grid: GridKind;
  columns: GridColumns;
  /** The in/out item type of the item grid (GET /inOutItem/findBySelect?type=). */
  itemType?: 'in' | 'out';
  debt?: DebtPicker;
  /** 优惠金额 (收款/付款): the actual amount is the total less it. */
  discount: boolean;
  totalLabel?: MessageKey;
  changeLabel: MessageKey;
  /** The heads the original stores negative (money leaves: 付款, 转账, 支出). */
  negativeHead: boolean;
}

const DEBT_COLUMNS_IN: GridColumns = {
  first: 'finance.col.saleBillNumber',
  need: 'finance.col.needGet',
  finish: 'finance.col.finishGet',
  amount: 'finance.col.thisReceive',
  amountRequired: 'finance.rule.thisReceive',
};
const DEBT_COLUMNS_OUT: GridColumns = {
  first: 'finance.col.purchaseBillNumber',
  need: 'finance.col.needPay',
  finish: 'finance.col.finishPay',
  amount: 'finance.col.thisPay',
  amountRequired: 'finance.rule.thisPay',
};
const ACCOUNT_COLUMNS: GridColumns = {
  first: 'finance.col.accountName',
  firstRequired: 'finance.rule.rowAccount',
  amount: 'finance.col.amount',
  amountRequired: 'finance.rule.amount',
};

export const BILL_FORM_KINDS = {
  moneyIn: {
    type: '收款',
    prefixNo: 'SK',
    title: 'page.moneyIn',
    party: { label: 'finance.field.customer', url: '/supplier/findBySelect_cus', required: 'finance.rule.customer' },
    account: { label: 'finance.field.receiveAccount', required: 'finance.rule.receiveAccount' },
    grid: 'debt',
    columns: DEBT_COLUMNS_IN,
    debt: {
      type: '出库',
      subType: '销售',
      title: 'finance.pick.saleTitle',
      partyFirst: 'finance.rule.customerFirst',
      settledColumn: 'finance.col.finishGet',
      owingColumn: 'finance.col.owingGet',
      beginConfirm: 'finance.pick.beginReceive',
    },
    discount: true,
    totalLabel: 'finance.field.totalReceive',
    changeLabel: 'finance.field.actualReceive',
    negativeHead: false,
  },
  moneyOut: {
    type: '付款',
    prefixNo: 'FK',
    title: 'page.moneyOut',
    party: { label: 'finance.field.supplier', url: '/supplier/findBySelect_sup', required: 'finance.rule.supplier' },
    account: { label: 'finance.field.payAccount', required: 'finance.rule.payAccount' },
    grid: 'debt',
    columns: DEBT_COLUMNS_OUT,
    debt: {
      type: '入库',
      subType: '采购',
      title: 'finance.pick.purchaseTitle',
      partyFirst: 'finance.rule.supplierFirst',
      settledColumn: 'finance.col.finishPay',
      owingColumn: 'finance.col.owingPay',
      beginConfirm: 'finance.pick.beginPay',
    },
    discount: true,
    totalLabel: 'finance.field.totalPay',
    changeLabel: 'finance.field.actualPay',
    negativeHead: true,
  },
  advanceIn: {
    type: '收预付款',
    prefixNo: 'SYF',
    title: 'page.advanceIn',
    party: { label: 'finance.field.member', url: '/supplier/findBySelect_retail', required: 'finance.rule.member' },
    grid: 'account',
    columns: ACCOUNT_COLUMNS,
    discount: false,
    totalLabel: 'finance.field.totalAmount',
    changeLabel: 'finance.field.receiveAmount',
    negativeHead: false,
  },
  giro: {
    type: '转账',
    prefixNo: 'ZZ',
    title: 'page.giro',
    account: { label: 'finance.field.payAccount', required: 'finance.rule.payAccount' },
    grid: 'account',
    columns: ACCOUNT_COLUMNS,
    discount: false,
    changeLabel: 'finance.field.actualPayAmount',
    negativeHead: true,
  },
  itemIn: {
    type: '收入',
    prefixNo: 'SR',
    title: 'page.itemIn',
    party: { label: 'finance.field.party', url: '/supplier/findBySelect_organ' },
    account: { label: 'finance.field.incomeAccount', required: 'finance.rule.incomeAccount' },
    grid: 'item',
    itemType: 'in',
    columns: {
      first: 'finance.col.incomeItem',
      firstRequired: 'finance.rule.incomeItem',
      amount: 'finance.col.amount',
      amountRequired: 'finance.rule.amount',
    },
    discount: false,
    changeLabel: 'finance.field.incomeAmount',
    negativeHead: false,
  },
  itemOut: {
    type: '支出',
    prefixNo: 'ZC',
    title: 'page.itemOut',
    party: { label: 'finance.field.party', url: '/supplier/findBySelect_organ' },
    account: { label: 'finance.field.expenseAccount', required: 'finance.rule.expenseAccount' },
    grid: 'item',
    itemType: 'out',
    columns: {
      first: 'finance.col.expenseItem',
      firstRequired: 'finance.rule.expenseItem',
      amount: 'finance.col.amount',
      amountRequired: 'finance.rule.amount',
    },
    discount: false,
    changeLabel: 'finance.field.expenseAmount',
    negativeHead: true,
  },
} satisfies Record<string, BillFormKind>;

export type BillKindName = keyof typeof BILL_FORM_KINDS;
