// System and basic-data pages: each a ViewSpec after the original view (url.list, query fields, columns).
import { listViewOf } from '../../components/table-page/list-view';
import { ENABLED_COLUMN, ENABLED_FIELD, columnsOfWidth, textField } from '../../components/table-page/spec-parts';
import type { ColumnSpec, ViewSpec } from '../../components/table-page/view-spec';
import type { FormSpec } from '../../components/form-kit/form-spec';
import type { MessageKey } from '../../lib/i18n/i18n';
import { ButtonCode } from '../../lib/permissions';
import { SYSTEM_FORMS } from './system-forms';

const col = columnsOfWidth(100);
const remarkCol = col('remark', 'col.remark', 200, { ellipsis: true });

/** The standard resource endpoints of a /{res} (list, delete, deleteBatch, batchSetStatus). */
const crud = (res: string, status = true) => ({
  listUrl: `/${res}/list`,
  deleteUrl: `/${res}/delete`,
  deleteBatchUrl: `/${res}/deleteBatch`,
  ...(status ? { batchSetStatusUrl: `/${res}/batchSetStatus`, statusButtons: 'enable' as const } : {}),
});

type PartyKind = '客户' | '供应商' | '会员';

/** Each kind's 导入 (SupplierController.importCustomer/importVendor/importMember) and the original's template. */
const PARTY_IMPORTS: Record<PartyKind, Pick<ViewSpec, 'importUrl' | 'importDialog'>> = {
  客户: {
    importUrl: '/supplier/importCustomer',
    importDialog: {
      title: 'import.customerTitle',
      templateUrl: '/doc/customer_template.xls',
      templateName: 'import.customerTemplate',
    },
  },
  供应商: {
    importUrl: '/supplier/importVendor',
    importDialog: {
      title: 'import.vendorTitle',
      templateUrl: '/doc/vendor_template.xls',
      templateName: 'import.vendorTemplate',
    },
  },
  会员: {
    importUrl: '/supplier/importMember',
    importDialog: {
      title: 'import.memberTitle',
      templateUrl: '/doc/member_template.xls',
      templateName: 'import.memberTemplate',
    },
  },
};

/** Customers, vendors and members share jsh_supplier; `type` picks the kind. */
const partySpec = (
  pageUrl: string,
  pageKey: string,
  type: PartyKind,
  nameTitle: MessageKey,
  money: ColumnSpec[],
  exportTitle: MessageKey,
): ViewSpec => ({
  pageUrl,
  pageKey,
  ...crud('supplier'),
  fixedFilters: { type },
  fields: [
    textField('supplier', nameTitle),
    textField('telephone', 'field.mobile'),
    textField('phonenum', 'field.phone'),
  ],
  columns: [
    col('supplier', nameTitle, 150, { ellipsis: true }),
    col('contacts', 'col.contacts', 80),
    col('telephone', 'col.mobile', 110),
    col('phoneNum', 'col.phone', 110),
    col('email', 'col.email', 130),
    ...money,
    col('taxRate', 'col.taxRate', 70),
    col('sort', 'col.sort', 60),
    ENABLED_COLUMN,
    remarkCol,
  ],
  exportUrl: '/supplier/exportExcel',
  exportTitle,
  ...PARTY_IMPORTS[type],
});

export const SYSTEM_VIEWS = {
  user: {
    pageUrl: '/system/user',
    pageKey: 'userList',
    ...crud('user', false),
    batchSetStatusUrl: '/user/batchSetStatus',
    statusButtons: 'enable',
    enableValues: [0, 2],
    fields: [textField('loginName', 'field.loginName'), textField('userName', 'field.userName')],
    columns: [
      col('loginName', 'col.loginName', 110),
      col('username', 'col.userName', 110),
      col('roleName', 'col.role', 100),
      col('orgAbr', 'col.organization', 110),
      col('userType', 'col.userType', 80),
      col('leaderFlagStr', 'col.leader', 70),
      col('position', 'col.position', 90),
      col('phonenum', 'col.phone', 110),
      col('email', 'col.email', 130),
      col('status', 'col.status', 70, { align: 'center', render: 'enabledFlag' }),
    ],
  },
  role: {
    pageUrl: '/system/role',
    pageKey: 'roleList',
    ...crud('role'),
    fields: [textField('name', 'field.roleName'), textField('description', 'field.description')],
    columns: [
      col('name', 'col.roleName', 120),
      col('type', 'col.dataType', 100),
      col('priceLimitStr', 'col.priceLimit', 160, { ellipsis: true }),
      col('description', 'col.description', 200, { ellipsis: true }),
      col('sort', 'col.sort', 60),
      ENABLED_COLUMN,
    ],
  },
  function: {
    // 是否启用 is in the form: the list has no 启用/禁用.
    pageUrl: '/system/function',
    pageKey: 'functionList',
    ...crud('function', false),
    fields: [textField('name', 'field.name'), textField('type', 'field.functionType')],
    columns: [
      col('number', 'col.number', 100),
      col('name', 'col.name', 120),
      col('parentName', 'col.parentName', 110),
      col('url', 'col.url', 180, { ellipsis: true }),
      col('component', 'col.component', 180, { ellipsis: true }),
      col('sort', 'col.sort', 60),
      col('pushBtn', 'col.pushBtn', 90),
      col('icon', 'col.icon', 80),
      ENABLED_COLUMN,
    ],
  },
  log: {
    pageUrl: '/system/log',
    pageKey: 'logList',
    listUrl: '/log/list',
    fields: [
      textField('operation', 'field.operation'),
      textField('content', 'field.content'),
      textField('userInfo', 'field.operator'),
      textField('clientIp', 'field.clientIp'),
      { kind: 'dateRange', label: 'field.operTime', begin: 'beginTime', end: 'endTime' },
    ],
    columns: [
      col('operation', 'col.operation', 120),
      col('content', 'col.content', 300, { ellipsis: true }),
      col('loginName', 'col.loginName', 100),
      col('userName', 'col.operator', 100),
      col('clientIp', 'col.clientIp', 130),
      col('createTimeStr', 'col.operTime', 160, { sortable: true, sortField: 'createTime', render: 'date' }),
      col('status', 'col.operStatus', 80, { align: 'center', render: 'logStatus' }),
    ],
  },
  tenant: {
    // Tenants are disabled, never deleted from the list (the backend's delete removes only the tenant row).
    pageUrl: '/system/tenant',
    pageKey: 'tenantList',
    listUrl: '/tenant/list',
    batchSetStatusUrl: '/tenant/batchSetStatus',
    statusButtons: 'enable',
    fields: [
      textField('loginName', 'field.loginName'),
      {
        kind: 'select',
        name: 'type',
        label: 'field.tenantType',
        options: [
          { value: '0', label: 'opt.tenantFree' },
          { value: '1', label: 'opt.tenantPaid' },
        ],
      },
      ENABLED_FIELD,
      textField('remark', 'field.remark'),
    ],
    columns: [
      col('loginName', 'col.loginName', 110),
      col('userNumLimit', 'col.userNumLimit', 90),
      col('type', 'col.tenantType', 90, { render: 'tenantType' }),
      ENABLED_COLUMN,
      col('createTimeStr', 'col.createTime', 160, { render: 'date' }),
      col('expireTimeStr', 'col.expireTime', 160, { render: 'date' }),
      remarkCol,
    ],
  },
  plugin: {
    pageUrl: '/system/plugin',
    pageKey: 'pluginList',
    listUrl: '/plugin/list',
    mode: 'flat',
    rowKey: 'pluginDescriptor.pluginId',
    fields: [textField('name', 'field.pluginName')],
    columns: [
      col('pluginDescriptor.pluginId', 'col.pluginId', 140),
      col('pluginDescriptor.pluginDescription', 'col.pluginDescription', 200),
      col('pluginDescriptor.version', 'col.version', 80),
      col('pluginDescriptor.provider', 'col.provider', 120),
      col('pluginState', 'col.pluginState', 90, { render: 'pluginState' }),
      col('path', 'col.pluginPath', 220, { ellipsis: true }),
    ],
  },
  platformConfig: {
    pageUrl: '/system/platform_config',
    pageKey: 'platformConfigList',
    listUrl: '/platformConfig/list',
    fields: [textField('platformKey', 'field.platformKey')],
    columns: [
      col('platformKey', 'col.platformKey', 160),
      col('platformKeyInfo', 'col.platformKeyInfo', 160),
      col('platformValue', 'col.platformValue', 300, { ellipsis: true }),
    ],
  },
  dict: {
    pageUrl: '/system/dict',
    pageKey: 'dictList',
    listUrl: '/dict/type/list',
    rowKey: 'dictId',
    deleteUrl: '/dict/type/delete',
    deleteBatchUrl: '/dict/type/deleteBatch',
    fields: [
      textField('dictName', 'field.dictName'),
      textField('dictType', 'field.dictType'),
      {
        kind: 'select',
        name: 'status',
        label: 'field.status',
        options: [
          { value: '0', label: 'opt.normal' },
          { value: '1', label: 'opt.stopped' },
        ],
      },
    ],
    columns: [
      col('dictName', 'col.dictName', 120),
      col('dictType', 'col.dictType', 140),
      remarkCol,
      col('status', 'col.status', 70, { align: 'center', render: 'dictStatus' }),
      col('createTime', 'col.createTime', 160, { render: 'date' }),
      col('updateTime', 'col.updateTime', 160, { render: 'date' }),
    ],
  },
  organization: {
    // The real backend has no /organization/list: the page shows its tree. `id` is required, empty for the whole tree.
    pageUrl: '/system/organization',
    pageKey: 'organizationList',
    listUrl: '/organization/getOrganizationTree',
    mode: 'tree',
    fixedFilters: { id: '' },
    deleteUrl: '/organization/delete',
    deleteBatchUrl: '/organization/deleteBatch',
    fields: [],
    columns: [col('title', 'col.organizationName', 240), col('id', 'col.id', 80)],
  },
  person: {
    pageUrl: '/system/person',
    pageKey: 'personList',
    ...crud('person'),
    fields: [
      textField('name', 'field.name'),
      {
        kind: 'select',
        name: 'type',
        label: 'field.personType',
        options: [
          { value: '财务员', label: 'opt.financeClerk' },
          { value: '业务员', label: 'opt.salesman' },
          { value: '仓管员', label: 'opt.storekeeper' },
        ],
      },
    ],
    columns: [
      col('name', 'col.name', 120, { sortable: true }),
      col('type', 'col.personType', 100),
      col('sort', 'col.sort', 60),
      ENABLED_COLUMN,
    ],
  },
  depot: {
    pageUrl: '/system/depot',
    pageKey: 'depotList',
    ...crud('depot'),
    fields: [textField('name', 'field.depotName'), textField('remark', 'field.remark')],
    columns: [
      col('name', 'col.depotName', 120),
      col('address', 'col.address', 180, { ellipsis: true }),
      col('warehousing', 'col.warehousing', 80),
      col('truckage', 'col.truckage', 80),
      col('principalName', 'col.principal', 90),
      col('sort', 'col.sort', 60),
      col('isDefault', 'col.isDefault', 70, { render: 'yesNo' }),
      ENABLED_COLUMN,
      remarkCol,
    ],
  },
  account: {
    pageUrl: '/system/account',
    pageKey: 'accountList',
    ...crud('account'),
    fields: [
      textField('name', 'field.name'),
      textField('serialNo', 'field.serialNo'),
      textField('remark', 'field.remark'),
    ],
    columns: [
      col('name', 'col.name', 120),
      col('serialNo', 'col.serialNo', 140),
      col('initialAmount', 'col.initialAmount', 90, { render: 'money' }),
      col('currentAmount', 'col.currentAmount', 90, { render: 'money' }),
      col('sort', 'col.sort', 60),
      col('isDefault', 'col.isDefault', 70, { render: 'yesNo' }),
      ENABLED_COLUMN,
      remarkCol,
    ],
  },
  unit: {
    pageUrl: '/system/unit',
    pageKey: 'unitList',
    ...crud('unit'),
    fields: [textField('name', 'field.unitName')],
    columns: [
      col('name', 'col.unitName', 200),
      col('basicUnit', 'col.basicUnit', 80),
      col('otherUnit', 'col.otherUnit', 80),
      col('ratio', 'col.ratio', 70),
      col('otherUnitTwo', 'col.otherUnitTwo', 80),
      col('ratioTwo', 'col.ratioTwo', 70),
      ENABLED_COLUMN,
    ],
  },
  customer: partySpec(
    '/system/customer',
    'customerList',
    '客户',
    'col.customer',
    [
      col('beginNeedGet', 'col.beginNeedGet', 90, { render: 'money' }),
      col('allNeedGet', 'col.allNeedGet', 90, { render: 'money' }),
    ],
    'page.customer',
  ),
  vendor: partySpec(
    '/system/vendor',
    'vendorList',
    '供应商',
    'col.supplier',
    [
      col('beginNeedPay', 'col.beginNeedPay', 90, { render: 'money' }),
      col('allNeedPay', 'col.allNeedPay', 90, { render: 'money' }),
    ],
    'page.vendor',
  ),
  member: {
    ...partySpec(
      '/system/member',
      'memberList',
      '会员',
      'col.member',
      [col('advanceIn', 'col.advanceIn', 90, { render: 'money' })],
      'page.member',
    ),
    // 修正预付款: the backend recomputes each member's advance from its 收预付款 bills less its retail sales.
    batchActions: [
      {
        label: 'sysAction.fixAdvanceIn',
        url: '/supplier/batchSetAdvanceIn',
        code: ButtonCode.edit,
        success: 'sysAction.fixAdvanceInDone',
      },
    ],
  },
  inOutItem: {
    pageUrl: '/system/in_out_item',
    pageKey: 'inOutItemList',
    ...crud('inOutItem'),
    fields: [
      textField('name', 'field.name'),
      {
        kind: 'select',
        name: 'type',
        label: 'field.itemType',
        options: [
          { value: '收入', label: 'opt.income' },
          { value: '支出', label: 'opt.expense' },
        ],
      },
      textField('remark', 'field.remark'),
    ],
    columns: [
      col('name', 'col.name', 140),
      col('type', 'col.itemType', 80),
      col('sort', 'col.sort', 60),
      ENABLED_COLUMN,
      remarkCol,
    ],
  },
} satisfies Record<string, ViewSpec>;

export function systemView(name: keyof typeof SYSTEM_VIEWS) {
  const form: FormSpec | undefined = (SYSTEM_FORMS as Partial<Record<string, FormSpec>>)[name];
  return listViewOf(form ? { ...SYSTEM_VIEWS[name], form } : SYSTEM_VIEWS[name]);
}
