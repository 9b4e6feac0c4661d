// The pieces many ViewSpecs share: a column with its page family's default width, a text field, and the search
// fields that read the same backend lists (仓库, 操作员) or the same flags (状态, 单据状态), written once.
import type { MessageKey } from '../../lib/i18n/i18n';
import type { ColumnSpec, Option, SearchField } from './view-spec';

/** A column helper whose width defaults to its page family's (the original's views differ: 80, 90, 100). */
export const columnsOfWidth =
  (defaultWidth: number) =>
  (dataIndex: string, title: MessageKey, width = defaultWidth, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
    dataIndex,
    title,
    width,
    ...extra,
  });

export const textField = (name: string, label: MessageKey): SearchField => ({ kind: 'text', name, label });

/** 商品信息: 条码/名称/规格/型号/… in one box. */
export const MATERIAL_PARAM_FIELD: SearchField = {
  kind: 'text',
  name: 'materialParam',
  label: 'field.materialParam',
  placeholder: 'field.materialParamHint',
};

type RemoteSelectField = Extract<SearchField, { kind: 'remoteSelect' }>;

/** 仓库: the depots the signed-in user may use, under the given query name. */
export const depotField = (name = 'depotId', label: MessageKey = 'field.depot'): RemoteSelectField => ({
  kind: 'remoteSelect',
  name,
  label,
  url: '/depot/findDepotByCurrentUser',
  labelKey: 'depotName',
  valueKey: 'id',
});

/** 供应商 / 客户 / 会员: a partner list of one type (`/supplier/findBySelect_*`), sent as organId. */
export const partyField = (url: string, label: MessageKey): SearchField => ({
  kind: 'remoteSelect',
  name: 'organId',
  label,
  url,
  method: 'post',
  labelKey: 'supplier',
  valueKey: 'id',
});

/** 操作员: the tenant's users. */
export const CREATOR_FIELD: SearchField = {
  kind: 'remoteSelect',
  name: 'creator',
  label: 'field.creator',
  url: '/user/getUserList',
  labelKey: 'userName',
  valueKey: 'id',
};

/** 状态: 启用 / 禁用, as a search field and as a column. */
export const ENABLED_FIELD: SearchField = {
  kind: 'select',
  name: 'enabled',
  label: 'field.status',
  options: [
    { value: '1', label: 'opt.enabled' },
    { value: '0', label: 'opt.disabled' },
  ],
};

export const ENABLED_COLUMN: ColumnSpec = {
  dataIndex: 'enabled',
  title: 'col.status',
  width: 70,
  align: 'center',
  render: 'enabled',
};

/** 单据状态 of a bill or a financial bill: 未审核 / 已审核 (a bill kind adds its own further words). */
export const AUDIT_OPTIONS: readonly Option[] = [
  { value: '0', label: 'opt.unaudited' },
  { value: '1', label: 'opt.audited' },
];

export const auditStatusField = (options: readonly Option[] = AUDIT_OPTIONS): SearchField => ({
  kind: 'select',
  name: 'status',
  label: 'field.billStatus',
  options,
});
