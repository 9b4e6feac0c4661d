// Bill lists (depotHead): one description shared by every bill page; each page names its kind.
// Columns, fields and endpoints after the originals' *List.vue + BillListMixin.
import {
  AUDIT_OPTIONS,
  CREATOR_FIELD,
  MATERIAL_PARAM_FIELD,
  auditStatusField,
  depotField,
  partyField,
} from '../../components/table-page/spec-parts';
import type { ColumnSpec, SearchField, StatusWords, ViewSpec } from '../../components/table-page/view-spec';
import type { MessageKey } from '../../lib/i18n/i18n';

type Party = 'supplier' | 'customer' | 'member' | 'none';

export interface BillKind {
  pageUrl: string;
  /** The bill prefix: column-settings key as the original (CGRK, XSCK…). */
  prefixNo: string;
  type: string;
  subType: string;
  party: Party;
  /** Title of changeAmount (本次付款 / 本次收款 / 付款订金…); absent: no money columns. */
  changeTitle?: MessageKey;
  /** Whether the page shows debt and linked-order columns. */
  debt?: boolean;
  linkTitle?: MessageKey;
  /** The head field the link is stored in: linkNumber, or linkApply (采购订单's 关联请购单). */
  linkField?: 'linkNumber' | 'linkApply';
  exportTitle: MessageKey;
  /** What status 2 / 3 mean on this list (the bills another bill links to: orders, receipts, sales). */
  statusWords?: StatusWords;
  /**
   * 以销定购 (purchaseBySaleFlag on): the 销售订单 list shows its 采购进度 (purchaseStatus); the 采购订单 list offers
   * 关联订单 (linkNumber, the sale order it was taken from) among its columns.
   */
  purchaseBySale?: 'progress' | 'link';
}

const PURCHASED: StatusWords = { done: 'billStatus.purchaseDone', partly: 'billStatus.purchasePartly' };
const RECEIVED: StatusWords = { done: 'billStatus.inDone', partly: 'billStatus.inPartly' };
const ISSUED: StatusWords = { done: 'billStatus.outDone', partly: 'billStatus.outPartly' };
const SOLD: StatusWords = { done: 'billStatus.saleDone', partly: 'billStatus.salePartly' };

const PARTY_TITLE: Record<Exclude<Party, 'none'>, MessageKey> = {
  supplier: 'col.supplier',
  customer: 'col.customer',
  member: 'col.member',
};
const PARTY_SOURCE: Record<Exclude<Party, 'none'>, string> = {
  supplier: '/supplier/findBySelect_sup',
  customer: '/supplier/findBySelect_cus',
  member: '/supplier/findBySelect_retail',
};

export function billSpec(kind: BillKind, purchaseBySale = false): ViewSpec {
  const fields: SearchField[] = [
    { kind: 'text', name: 'number', label: 'field.billNumber' },
    MATERIAL_PARAM_FIELD,
    { kind: 'dateRange', label: 'field.billDate', begin: 'beginTime', end: 'endTime' },
  ];
  if (kind.party !== 'none') {
    fields.push(partyField(PARTY_SOURCE[kind.party], PARTY_TITLE[kind.party]));
  }
  fields.push(
    depotField(),
    CREATOR_FIELD,
    auditStatusField(
      kind.statusWords
        ? [
            ...AUDIT_OPTIONS,
            { value: '3', label: kind.statusWords.partly },
            { value: '2', label: kind.statusWords.done },
          ]
        : AUDIT_OPTIONS,
    ),
    { kind: 'text', name: 'remark', label: 'field.billRemark' },
  );
  const columns: ColumnSpec[] = [];
  if (kind.party !== 'none')
    columns.push({ dataIndex: 'organName', title: PARTY_TITLE[kind.party], width: 120, ellipsis: true });
  columns.push({ dataIndex: 'number', title: 'col.billNumber', width: 160, sortable: true });
  if (kind.linkTitle) columns.push({ dataIndex: kind.linkField ?? 'linkNumber', title: kind.linkTitle, width: 140 });
  if (purchaseBySale && kind.purchaseBySale === 'link')
    columns.push({ dataIndex: 'linkNumber', title: 'col.linkOrder', width: 140 });
  columns.push(
    { dataIndex: 'materialsList', title: 'col.materialsList', width: 220, ellipsis: true },
    {
      dataIndex: 'operTimeStr',
      title: 'col.billDate',
      width: 160,
      sortable: true,
      sortField: 'operTime',
      render: 'date',
    },
    { dataIndex: 'userName', title: 'col.operator', width: 80, ellipsis: true },
    { dataIndex: 'materialCount', title: 'col.quantity', width: 70, render: 'quantity', summed: false },
  );
  if (kind.changeTitle) {
    columns.push(
      { dataIndex: 'totalPrice', title: 'col.totalPrice', width: 90, render: 'money' },
      { dataIndex: 'totalTaxLastMoney', title: 'col.totalTaxLastMoney', width: 90, render: 'money' },
      { dataIndex: 'discount', title: 'col.discount', width: 70, render: 'percent' },
      { dataIndex: 'discountMoney', title: 'col.discountMoney', width: 80, render: 'money' },
      { dataIndex: 'otherMoney', title: 'col.otherMoney', width: 80, render: 'money' },
      { dataIndex: 'accountName', title: 'col.account', width: 90 },
      { dataIndex: 'changeAmount', title: kind.changeTitle, width: 90, render: 'money' },
    );
    if (kind.debt) columns.push({ dataIndex: 'debt', title: 'col.debt', width: 90, render: 'money' });
  }
  columns.push({ dataIndex: 'remark', title: 'col.remark', width: 200, ellipsis: true });
  if (purchaseBySale && kind.purchaseBySale === 'progress') {
    columns.push({
      dataIndex: 'purchaseStatus',
      title: 'billStatus.purchaseProgress',
      width: 80,
      align: 'center',
      render: 'purchaseStatus',
    });
  }
  columns.push({
    dataIndex: 'status',
    title: 'col.status',
    width: 80,
    align: 'center',
    render: 'billStatus',
    statusWords: kind.statusWords,
  });
  // 关联订单 on the 采购订单 list is offered, not shown until chosen (as the original's default columns).
  const hidden = new Set([
    'discount',
    'discountMoney',
    'otherMoney',
    'accountName',
    'totalTaxLastMoney',
    ...(kind.purchaseBySale === 'link' ? ['linkNumber'] : []),
  ]);
  return {
    pageUrl: kind.pageUrl,
    pageKey: kind.prefixNo,
    listUrl: '/depotHead/list',
    fixedFilters: { type: kind.type, subType: kind.subType },
    fields,
    columns,
    defaultVisible: columns.map((c) => c.dataIndex).filter((d) => !hidden.has(d)),
    deleteUrl: '/depotHead/delete',
    deleteBatchUrl: '/depotHead/deleteBatch',
    batchSetStatusUrl: '/depotHead/batchSetStatus',
    statusButtons: 'audit',
    exportTitle: kind.exportTitle,
  };
}

/** Every bill page of the menu (type/subType as the originals' queryParam). */
export const BILL_KINDS = {
  purchaseApply: {
    pageUrl: '/bill/purchase_apply',
    prefixNo: 'QGD',
    type: '其它',
    subType: '请购单',
    party: 'none',
    exportTitle: 'page.purchaseApply',
    statusWords: PURCHASED,
  },
  purchaseOrder: {
    pageUrl: '/bill/purchase_order',
    prefixNo: 'CGDD',
    type: '其它',
    subType: '采购订单',
    party: 'supplier',
    changeTitle: 'col.depositPaid',
    linkTitle: 'col.linkApply',
    linkField: 'linkApply',
    exportTitle: 'page.purchaseOrder',
    statusWords: PURCHASED,
    purchaseBySale: 'link',
  },
  purchaseIn: {
    pageUrl: '/bill/purchase_in',
    prefixNo: 'CGRK',
    type: '入库',
    subType: '采购',
    party: 'supplier',
    changeTitle: 'col.paidNow',
    debt: true,
    linkTitle: 'col.linkOrder',
    exportTitle: 'page.purchaseIn',
    statusWords: RECEIVED,
  },
  purchaseBack: {
    pageUrl: '/bill/purchase_back',
    prefixNo: 'CGTH',
    type: '出库',
    subType: '采购退货',
    party: 'supplier',
    changeTitle: 'col.refundNow',
    debt: true,
    linkTitle: 'col.linkBill',
    exportTitle: 'page.purchaseBack',
    statusWords: ISSUED,
  },
  saleOrder: {
    pageUrl: '/bill/sale_order',
    prefixNo: 'XSDD',
    type: '其它',
    subType: '销售订单',
    party: 'customer',
    changeTitle: 'col.depositReceived',
    exportTitle: 'page.saleOrder',
    statusWords: SOLD,
    purchaseBySale: 'progress',
  },
  saleOut: {
    pageUrl: '/bill/sale_out',
    prefixNo: 'XSCK',
    type: '出库',
    subType: '销售',
    party: 'customer',
    changeTitle: 'col.receivedNow',
    debt: true,
    linkTitle: 'col.linkOrder',
    exportTitle: 'page.saleOut',
    statusWords: ISSUED,
  },
  saleBack: {
    pageUrl: '/bill/sale_back',
    prefixNo: 'XSTH',
    type: '入库',
    subType: '销售退货',
    party: 'customer',
    changeTitle: 'col.refundNow',
    debt: true,
    linkTitle: 'col.linkBill',
    exportTitle: 'page.saleBack',
    statusWords: RECEIVED,
  },
  retailOut: {
    pageUrl: '/bill/retail_out',
    prefixNo: 'LSCK',
    type: '出库',
    subType: '零售',
    party: 'member',
    changeTitle: 'col.receivedNow',
    exportTitle: 'page.retailOut',
  },
  retailBack: {
    pageUrl: '/bill/retail_back',
    prefixNo: 'LSTH',
    type: '入库',
    subType: '零售退货',
    party: 'member',
    changeTitle: 'col.refundNow',
    linkTitle: 'col.linkBill',
    exportTitle: 'page.retailBack',
  },
  otherIn: {
    pageUrl: '/bill/other_in',
    prefixNo: 'QTRK',
    type: '入库',
    subType: '其它',
    party: 'supplier',
    exportTitle: 'page.otherIn',
  },
  otherOut: {
    pageUrl: '/bill/other_out',
    prefixNo: 'QTCK',
    type: '出库',
    subType: '其它',
    party: 'customer',
    exportTitle: 'page.otherOut',
  },
  allocationOut: {
    pageUrl: '/bill/allocation_out',
    prefixNo: 'DBCK',
    type: '出库',
    subType: '调拨',
    party: 'none',
    exportTitle: 'page.allocationOut',
  },
  assemble: {
    pageUrl: '/bill/assemble',
    prefixNo: 'ZZD',
    type: '其它',
    subType: '组装单',
    party: 'none',
    exportTitle: 'page.assemble',
  },
  disassemble: {
    pageUrl: '/bill/disassemble',
    prefixNo: 'CXD',
    type: '其它',
    subType: '拆卸单',
    party: 'none',
    exportTitle: 'page.disassemble',
  },
} satisfies Record<string, BillKind>;
