// Report pages: each a ViewSpec after the original report view (url.list, query fields, columns, pageName).
// Reports read their filters as plain query parameters ('flat'), page at 11 with a totals row.
import { listViewOf } from '../../components/table-page/list-view';
import { MATERIAL_PARAM_FIELD, columnsOfWidth, depotField, partyField } from '../../components/table-page/spec-parts';
import type { ColumnSpec, SearchField, ViewSpec } from '../../components/table-page/view-spec';
import type { MessageKey } from '../../lib/i18n/i18n';

const col = columnsOfWidth(80);
/** A quantity column: the user's decimals, sortable, summed in the totals row. */
const qty = (dataIndex: string, title: MessageKey, width = 80): ColumnSpec =>
  col(dataIndex, title, width, { sortable: true, summed: true, render: 'quantity' });
/** A money column: two decimals in the page's language, sortable, summed in the totals row. */
const money = (dataIndex: string, title: MessageKey, width = 80): ColumnSpec =>
  col(dataIndex, title, width, { sortable: true, summed: true, render: 'money' });
/** A unit price: money, sortable, but a sum of prices means nothing. */
const price = (dataIndex: string, title: MessageKey, width = 70): ColumnSpec =>
  col(dataIndex, title, width, { sortable: true, summed: false, render: 'money' });

const billDate = (monthsBack: number): SearchField => ({
  kind: 'dateRange',
  label: 'field.billDate',
  begin: 'beginTime',
  end: 'endTime',
  monthsBack,
});
const depot = depotField();

/** The data keys naming the material in one report family's rows. */
interface MaterialKeys {
  name: string;
  standard: string;
  model: string;
  unit: string;
  color?: string;
  brand?: string;
  mfrs?: string;
  /** 扩展1..3, as the reports that list them name them. */
  others?: readonly [string, string, string];
}

/** Columns naming the material, in the originals' order: barcode, name, 规格, 型号, 颜色, 品牌, 制造商, 扩展1–3, 单位. */
const materialCols = (keys: MaterialKeys, unitLast = true): ColumnSpec[] => [
  col('barCode', 'col.barCode', 110),
  col(keys.name, 'col.materialName', 130, { ellipsis: true }),
  col(keys.standard, 'col.standard', 80, { ellipsis: true }),
  col(keys.model, 'col.model', 80, { ellipsis: true }),
  ...(keys.color ? [col(keys.color, 'col.color', 60, { ellipsis: true })] : []),
  ...(keys.brand ? [col(keys.brand, 'col.brand', 80, { ellipsis: true })] : []),
  ...(keys.mfrs ? [col(keys.mfrs, 'col.mfrs', 80, { ellipsis: true })] : []),
  ...(keys.others
    ? [
        col(keys.others[0], 'col.otherField1', 80, { ellipsis: true }),
        col(keys.others[1], 'col.otherField2', 80, { ellipsis: true }),
        col(keys.others[2], 'col.otherField3', 80, { ellipsis: true }),
      ]
    : []),
  ...(unitLast ? [col(keys.unit, 'col.unit', 60, { ellipsis: true })] : []),
];

/** The columns a report shows before the user chooses: all but the material's 颜色, 品牌, 制造商 and 扩展 columns,
 *  which the originals offer in 列设置 only (their defDataIndex). */
const shownByDefault = (columns: readonly ColumnSpec[], keys: MaterialKeys): string[] => {
  const offered = new Set([keys.color, keys.brand, keys.mfrs, ...(keys.others ?? [])]);
  return columns.map((c) => c.dataIndex).filter((key) => !offered.has(key));
};

/** 入库明细 / 出库明细 / 调拨明细 rows (findInOutDetail, findAllocationDetail). */
const DETAIL_KEYS: MaterialKeys = {
  name: 'mname',
  standard: 'standard',
  model: 'model',
  unit: 'mUnit',
  color: 'color',
  brand: 'brand',
  mfrs: 'mfrs',
};

const detailColumns: ColumnSpec[] = [
  col('number', 'col.billNumber', 150),
  ...materialCols(DETAIL_KEYS),
  col('sku', 'col.sku', 100, { ellipsis: true }),
  qty('operNumber', 'col.quantity', 70),
  price('unitPrice', 'col.unitPrice'),
  money('allPrice', 'col.amount', 80),
  col('taxRate', 'col.taxRate', 60),
  money('taxMoney', 'col.taxMoney', 70),
  col('sname', 'col.party', 100, { ellipsis: true }),
  col('dname', 'col.depot', 90, { ellipsis: true }),
];

const detailSpec = (pageUrl: string, pageKey: string, type: string, dateTitle: MessageKey): ViewSpec => ({
  pageUrl,
  pageKey,
  listUrl: '/depotHead/findInOutDetail',
  mode: 'flat',
  totals: true,
  fixedFilters: { type },
  fields: [
    MATERIAL_PARAM_FIELD,
    billDate(3),
    { kind: 'text', name: 'number', label: 'field.billNumber' },
    partyField('/supplier/findBySelect_organ', 'field.party'),
    depot,
    { kind: 'text', name: 'remark', label: 'field.remark' },
  ],
  columns: [
    ...detailColumns,
    col('operTime', dateTitle, 160, { render: 'date' }),
    col('newRemark', 'col.remark', 120, { ellipsis: true }),
  ],
  defaultVisible: shownByDefault(detailColumns, DETAIL_KEYS)
    .filter((key) => key !== 'sku')
    .concat('operTime', 'newRemark'),
  exportTitle: type === '入库' ? 'page.inDetail' : 'page.outDetail',
});

/** 入库汇总 / 出库汇总 rows (findInOutMaterialCount): 类别 before 单位. */
const COUNT_KEYS: MaterialKeys = {
  name: 'mName',
  standard: 'standard',
  model: 'model',
  unit: 'materialUnit',
  color: 'color',
  brand: 'brand',
  mfrs: 'mfrs',
};

const countColumns = (numTitle: MessageKey, priceTitle: MessageKey): ColumnSpec[] => [
  ...materialCols(COUNT_KEYS, false),
  col('categoryName', 'col.category', 100, { ellipsis: true }),
  col(COUNT_KEYS.unit, 'col.unit', 60, { ellipsis: true }),
  qty('numSum', numTitle, 90),
  money('priceSum', priceTitle, 90),
];

const countSpec = (
  pageUrl: string,
  pageKey: string,
  type: string,
  numTitle: MessageKey,
  priceTitle: MessageKey,
): ViewSpec => ({
  pageUrl,
  pageKey,
  listUrl: '/depotHead/findInOutMaterialCount',
  mode: 'flat',
  totals: true,
  fixedFilters: { type },
  fields: [MATERIAL_PARAM_FIELD, billDate(3), partyField('/supplier/findBySelect_organ', 'field.party'), depot],
  columns: countColumns(numTitle, priceTitle),
  defaultVisible: shownByDefault(countColumns(numTitle, priceTitle), COUNT_KEYS),
  exportTitle: type === '入库' ? 'page.inMaterialCount' : 'page.outMaterialCount',
});

/** 采购统计 / 销售统计 / 零售统计 rows (buyIn, saleOut, retailOut). */
const ITEM_KEYS: MaterialKeys = {
  name: 'materialName',
  standard: 'materialStandard',
  model: 'materialModel',
  unit: 'materialUnit',
  color: 'materialColor',
  brand: 'materialBrand',
  mfrs: 'materialMfrs',
  others: ['otherField1', 'otherField2', 'otherField3'],
};

/**
 * The figures of a buy or sale statistic, as the originals lay them out. 采购统计 counts purchases as goods in
 * (inSum, inSumPrice), its returns as goods out, and the difference as inOutSumPrice; 销售统计 and 零售统计 the other
 * way round (outSum… first, outInSumPrice).
 */
const itemFigures = (
  flow: 'in-out' | 'out-in',
  titles: [quantity: MessageKey, amount: MessageKey, actualAmount: MessageKey],
): ColumnSpec[] => {
  const [first, second] = flow === 'in-out' ? ['in', 'out'] : ['out', 'in'];
  return [
    qty(`${first}Sum`, titles[0]),
    money(`${first}SumPrice`, titles[1]),
    qty(`${second}Sum`, 'col.returnQty'),
    money(`${second}SumPrice`, 'col.returnAmount'),
    money(flow === 'in-out' ? 'inOutSumPrice' : 'outInSumPrice', titles[2], 100),
  ];
};

const itemReport = (
  pageUrl: string,
  pageKey: string,
  listUrl: string,
  figures: ColumnSpec[],
  organField: SearchField | null,
  exportTitle: MessageKey,
): ViewSpec => {
  const columns = [...materialCols(ITEM_KEYS), ...figures];
  return {
    pageUrl,
    pageKey,
    listUrl,
    mode: 'flat',
    totals: true,
    fields: organField
      ? [MATERIAL_PARAM_FIELD, billDate(3), organField, depot]
      : [MATERIAL_PARAM_FIELD, billDate(3), depot],
    columns,
    defaultVisible: shownByDefault(columns, ITEM_KEYS),
    exportTitle,
  };
};

const statementSpec = (
  pageUrl: string,
  pageKey: string,
  supplierType: string,
  partyField: SearchField,
  partyTitle: MessageKey,
  titles: [MessageKey, MessageKey, MessageKey, MessageKey],
  exportTitle: MessageKey,
): ViewSpec => ({
  pageUrl,
  pageKey,
  listUrl: '/depotHead/getStatementAccount',
  mode: 'flat',
  totals: true,
  fixedFilters: { supplierType },
  fields: [
    partyField,
    billDate(3),
    {
      kind: 'select',
      name: 'hasDebt',
      label: 'field.hasDebt',
      options: [
        { value: '1', label: 'opt.hasDebt' },
        { value: '0', label: 'opt.noDebt' },
      ],
    },
  ],
  columns: [
    col('supplier', partyTitle, 150, { ellipsis: true }),
    col('contacts', 'col.contacts', 100),
    col('telephone', 'col.mobile', 110),
    col('phoneNum', 'col.phone', 110),
    col('email', 'col.email', 120),
    money('preNeed', titles[0]),
    money('debtMoney', titles[1]),
    money('backMoney', titles[2]),
    money('allNeed', titles[3]),
  ],
  exportTitle,
});

export const REPORTS = {
  accountReport: {
    pageUrl: '/report/account_report',
    pageKey: 'accountReport',
    listUrl: '/account/list',
    totals: true,
    fields: [
      { kind: 'text', name: 'name', label: 'field.name' },
      { kind: 'text', name: 'serialNo', label: 'field.serialNo' },
    ],
    columns: [
      col('name', 'col.name', 120),
      col('serialNo', 'col.serialNo', 150),
      money('initialAmount', 'col.initialAmount', 100),
      money('thisMonthAmount', 'col.thisMonthAmount', 100),
      money('currentAmount', 'col.currentAmount', 100),
    ],
    exportTitle: 'page.accountReport',
  },
  allocationDetail: {
    pageUrl: '/report/allocation_detail',
    pageKey: 'allocationDetail',
    listUrl: '/depotHead/findAllocationDetail',
    mode: 'flat',
    totals: true,
    fixedFilters: { subType: '调拨' },
    fields: [
      MATERIAL_PARAM_FIELD,
      billDate(3),
      { kind: 'text', name: 'number', label: 'field.billNumber' },
      depot,
      depotField('depotIdF', 'field.depotIn'),
      { kind: 'text', name: 'remark', label: 'field.remark' },
    ],
    columns: [
      col('number', 'col.billNumber', 150),
      ...materialCols(DETAIL_KEYS),
      qty('operNumber', 'col.quantity', 70),
      price('unitPrice', 'col.unitPrice'),
      money('allPrice', 'col.amount', 80),
      col('dname', 'col.depotOut', 90),
      col('sname', 'col.depotIn', 90),
      col('operTime', 'col.allocationDate', 160, { render: 'date' }),
      col('newRemark', 'col.remark', 120, { ellipsis: true }),
    ],
    defaultVisible: [
      'number',
      'barCode',
      'mname',
      'standard',
      'model',
      'mUnit',
      'operNumber',
      'unitPrice',
      'allPrice',
      'dname',
      'sname',
      'operTime',
      'newRemark',
    ],
    exportTitle: 'page.allocationDetail',
  },
  buyInReport: itemReport(
    '/report/buy_in_report',
    'buyInReport',
    '/depotItem/buyIn',
    itemFigures('in-out', ['col.purchaseQty', 'col.purchaseAmount', 'col.actualPurchaseAmount']),
    partyField('/supplier/findBySelect_sup', 'field.supplier'),
    'page.buyInReport',
  ),
  saleOutReport: itemReport(
    '/report/sale_out_report',
    'saleOutReport',
    '/depotItem/saleOut',
    itemFigures('out-in', ['col.saleQty', 'col.saleAmount', 'col.actualSaleAmount']),
    partyField('/supplier/findBySelect_cus', 'field.customer'),
    'page.saleOutReport',
  ),
  retailOutReport: itemReport(
    '/report/retail_out_report',
    'retailOutReport',
    '/depotItem/retailOut',
    itemFigures('out-in', ['col.retailQty', 'col.retailAmount', 'col.actualRetailAmount']),
    null,
    'page.retailOutReport',
  ),
  customerAccount: statementSpec(
    '/report/customer_account',
    'customerAccount',
    '客户',
    partyField('/supplier/findBySelect_cus', 'field.customer'),
    'col.customer',
    ['col.preNeedGet', 'col.debtMoney', 'col.backMoneyIn', 'col.allNeedGet'],
    'page.customerAccount',
  ),
  vendorAccount: statementSpec(
    '/report/vendor_account',
    'vendorAccount',
    '供应商',
    partyField('/supplier/findBySelect_sup', 'field.supplier'),
    'col.supplier',
    ['col.preNeedPay', 'col.debtMoney', 'col.backMoneyOut', 'col.allNeedPay'],
    'page.vendorAccount',
  ),
  inDetail: detailSpec('/report/in_detail', 'inDetail', '入库', 'col.inDate'),
  outDetail: detailSpec('/report/out_detail', 'outDetail', '出库', 'col.outDate'),
  inMaterialCount: countSpec('/report/in_material_count', 'inMaterialCount', '入库', 'col.inQty', 'col.inAmount'),
  outMaterialCount: countSpec('/report/out_material_count', 'outMaterialCount', '出库', 'col.outQty', 'col.outAmount'),
  inOutStockReport: {
    pageUrl: '/report/in_out_stock_report',
    pageKey: 'inOutStockReport',
    listUrl: '/depotItem/getInOutStock',
    mode: 'flat',
    totals: true,
    // getInOutStock reads its depots from depotIds (a comma list; one id here) and ignores depotId.
    fields: [
      MATERIAL_PARAM_FIELD,
      { kind: 'dateRange', label: 'field.stockPeriod', begin: 'beginTime', end: 'endTime', monthsBack: 1 },
      depotField('depotIds'),
    ],
    columns: [
      col('imgName', 'col.picture', 50, { render: 'thumbnail' }),
      ...materialCols({ ...ITEM_KEYS, unit: 'unitName' }),
      price('unitPrice', 'col.costPrice'),
      qty('prevSum', 'col.prevSum', 90),
      qty('inSum', 'col.inQty', 80),
      qty('outSum', 'col.outQty', 80),
      qty('thisSum', 'col.thisSum', 90),
      money('thisAllPrice', 'col.thisAllPrice', 90),
    ],
    defaultVisible: [
      'barCode',
      'materialName',
      'materialStandard',
      'materialModel',
      'unitName',
      'unitPrice',
      'prevSum',
      'inSum',
      'outSum',
      'thisSum',
      'thisAllPrice',
    ],
    exportTitle: 'page.inOutStockReport',
  },
  materialStock: {
    pageUrl: '/report/material_stock',
    pageKey: 'materialStock',
    listUrl: '/material/getListWithStock',
    mode: 'flat',
    totals: true,
    // zeroStock is a required parameter of the endpoint: the select always holds a value (隐藏 to start with).
    // 仓库: several depots sent as depotIds (none: the caller's depots); 分布 (material-stock.tsx) follows the choice.
    fields: [
      { ...depotField('depotIds'), multiple: true },
      MATERIAL_PARAM_FIELD,
      { kind: 'text', name: 'position', label: 'field.position' },
      {
        kind: 'select',
        name: 'zeroStock',
        label: 'field.zeroStock',
        initial: '0',
        remember: true,
        options: [
          { value: '0', label: 'opt.hide' },
          { value: '1', label: 'opt.show' },
        ],
      },
    ],
    columns: [
      col('imgName', 'col.picture', 50, { render: 'thumbnail' }),
      col('mBarCode', 'col.barCode', 110),
      col('name', 'col.materialName', 140, { ellipsis: true }),
      col('standard', 'col.standard', 100),
      col('model', 'col.model', 100),
      col('color', 'col.color', 60),
      col('brand', 'col.brand', 100, { ellipsis: true }),
      col('mfrs', 'col.mfrs', 100, { ellipsis: true }),
      col('categoryName', 'col.category', 80),
      col('position', 'col.position', 80),
      col('unitName', 'col.unit', 60),
      price('purchaseDecimal', 'col.unitPrice'),
      qty('initialStock', 'col.initialStock', 80),
      qty('currentStock', 'col.currentStock', 80),
      money('currentStockPrice', 'col.currentStockPrice', 90),
      qty('currentWeight', 'col.weight', 70),
    ],
    // 图片 is offered in 列设置, not shown until chosen (the original's defDataIndex).
    defaultVisible: [
      'mBarCode',
      'name',
      'standard',
      'model',
      'color',
      'categoryName',
      'position',
      'unitName',
      'purchaseDecimal',
      'initialStock',
      'currentStock',
      'currentStockPrice',
      'currentWeight',
    ],
    exportTitle: 'page.materialStock',
  },
  stockWarningReport: {
    pageUrl: '/report/stock_warning_report',
    pageKey: 'stockWarningReport',
    listUrl: '/depotItem/findStockWarningCount',
    mode: 'flat',
    totals: true,
    // findStockWarningCount splits mpList before anything else and fails without it; the original sends the 扩展
    // aliases, which the report never reads.
    fixedFilters: { mpList: '扩展1,扩展2,扩展3' },
    fields: [MATERIAL_PARAM_FIELD, depot],
    columns: [
      col('depotName', 'col.depot', 100),
      col('barCode', 'col.barCode', 110),
      col('mname', 'col.materialName', 130, { ellipsis: true }),
      col('mstandard', 'col.standard', 80),
      col('mmodel', 'col.model', 80),
      col('mcolor', 'col.color', 50, { ellipsis: true }),
      col('brand', 'col.brand', 80, { ellipsis: true }),
      col('mmfrs', 'col.mfrs', 80, { ellipsis: true }),
      col('motherField1', 'col.otherField1', 80, { ellipsis: true }),
      col('motherField2', 'col.otherField2', 80, { ellipsis: true }),
      col('motherField3', 'col.otherField3', 80, { ellipsis: true }),
      col('materialUnit', 'col.unit', 60),
      qty('currentNumber', 'col.currentStock', 80),
      qty('lowSafeStock', 'col.lowSafeStock', 90),
      qty('highSafeStock', 'col.highSafeStock', 90),
      qty('lowCritical', 'col.lowCritical', 90),
      qty('highCritical', 'col.highCritical', 90),
    ],
    defaultVisible: [
      'depotName',
      'barCode',
      'mname',
      'mstandard',
      'mmodel',
      'materialUnit',
      'currentNumber',
      'lowSafeStock',
      'highSafeStock',
      'lowCritical',
      'highCritical',
    ],
    exportTitle: 'page.stockWarningReport',
  },
} satisfies Record<string, ViewSpec>;

/** A report page: the originals offer 导出 on every report to every user (no button code). */
export function reportSpec(name: keyof typeof REPORTS): ViewSpec {
  return { ...REPORTS[name], exportForAll: true };
}

export function reportView(name: keyof typeof REPORTS) {
  return listViewOf(reportSpec(name));
}
