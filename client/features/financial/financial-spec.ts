// Money bills (accountHead): one description for every financial page; each page names its kind.
// After the originals' financial *List.vue + FinancialListMixin (url.list /accountHead/list).
import { CREATOR_FIELD, auditStatusField } from '../../components/table-page/spec-parts';
import type { ColumnSpec, SearchField, ViewSpec } from '../../components/table-page/view-spec';
import type { MessageKey } from '../../lib/i18n/i18n';

export interface FinancialKind {
  pageUrl: string;
  prefixNo: string;
  type: string;
  /** Title of the party column (客户 / 供应商 / 往来单位 / 会员); absent for transfers. */
  partyTitle?: MessageKey;
  totalTitle: MessageKey;
  changeTitle: MessageKey;
  exportTitle: MessageKey;
}

export function financialSpec(kind: FinancialKind): ViewSpec {
  const fields: SearchField[] = [
    { kind: 'text', name: 'billNo', label: 'field.billNumber' },
    { kind: 'text', name: 'searchMaterial', label: 'field.searchMaterial' },
    { kind: 'dateRange', label: 'field.billDate', begin: 'beginTime', end: 'endTime' },
    CREATOR_FIELD,
    auditStatusField(),
    { kind: 'text', name: 'remark', label: 'field.billRemark' },
  ];
  const columns: ColumnSpec[] = [];
  if (kind.partyTitle) columns.push({ dataIndex: 'organName', title: kind.partyTitle, width: 140, ellipsis: true });
  columns.push(
    { dataIndex: 'billNo', title: 'col.billNumber', width: 160, sortable: true },
    {
      dataIndex: 'billTimeStr',
      title: 'col.billDate',
      width: 160,
      sortable: true,
      sortField: 'billTime',
      render: 'date',
    },
    { dataIndex: 'userName', title: 'col.operator', width: 100, ellipsis: true },
    { dataIndex: 'handsPersonName', title: 'col.financialPerson', width: 100 },
    { dataIndex: 'accountName', title: 'col.account', width: 100, ellipsis: true },
    { dataIndex: 'totalPrice', title: kind.totalTitle, width: 90, render: 'money' },
    { dataIndex: 'discountMoney', title: 'col.discountMoney', width: 90, render: 'money' },
    { dataIndex: 'changeAmount', title: kind.changeTitle, width: 90, render: 'money' },
    { dataIndex: 'remark', title: 'col.remark', width: 200, ellipsis: true },
    { dataIndex: 'status', title: 'col.status', width: 80, align: 'center', render: 'billStatus' },
  );
  return {
    pageUrl: kind.pageUrl,
    pageKey: kind.prefixNo,
    listUrl: '/accountHead/list',
    fixedFilters: { type: kind.type },
    fields,
    columns,
    deleteUrl: '/accountHead/delete',
    deleteBatchUrl: '/accountHead/deleteBatch',
    batchSetStatusUrl: '/accountHead/batchSetStatus',
    statusButtons: 'audit',
    exportTitle: kind.exportTitle,
  };
}

/** Every money page of the menu (type as the originals' queryParam, prefix as their prefixNo). */
export const FINANCIAL_KINDS = {
  moneyIn: {
    pageUrl: '/financial/money_in',
    prefixNo: 'SK',
    type: '收款',
    partyTitle: 'col.customer',
    totalTitle: 'col.totalReceived',
    changeTitle: 'col.actualReceived',
    exportTitle: 'page.moneyIn',
  },
  moneyOut: {
    pageUrl: '/financial/money_out',
    prefixNo: 'FK',
    type: '付款',
    partyTitle: 'col.supplier',
    totalTitle: 'col.totalPaid',
    changeTitle: 'col.actualPaid',
    exportTitle: 'page.moneyOut',
  },
  itemIn: {
    pageUrl: '/financial/item_in',
    prefixNo: 'SR',
    type: '收入',
    partyTitle: 'col.party',
    totalTitle: 'col.totalIncome',
    changeTitle: 'col.actualReceived',
    exportTitle: 'page.itemIn',
  },
  itemOut: {
    pageUrl: '/financial/item_out',
    prefixNo: 'ZC',
    type: '支出',
    partyTitle: 'col.party',
    totalTitle: 'col.totalExpense',
    changeTitle: 'col.actualPaid',
    exportTitle: 'page.itemOut',
  },
  giro: {
    pageUrl: '/financial/giro',
    prefixNo: 'ZZ',
    type: '转账',
    totalTitle: 'col.totalTransfer',
    changeTitle: 'col.actualTransfer',
    exportTitle: 'page.giro',
  },
  advanceIn: {
    pageUrl: '/financial/advance_in',
    prefixNo: 'SYF',
    type: '收预付款',
    partyTitle: 'col.member',
    totalTitle: 'col.totalReceived',
    changeTitle: 'col.actualReceived',
    exportTitle: 'page.advanceIn',
  },
} satisfies Record<string, FinancialKind>;
