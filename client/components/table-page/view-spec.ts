// The declarative description of one list page. Every business view is one ViewSpec rendered by ListView;
// texts are i18n keys so the dictionary holds every word a user sees.
import type { MessageKey } from '../../lib/i18n/i18n';
import type { FormSpec } from '../form-kit/form-spec';
import type { ButtonCodeValue } from '../../lib/permissions';
import type { QueryMode } from './use-table-page';

export interface Option {
  value: string;
  label: MessageKey;
}

export type SearchField =
  | { kind: 'text'; name: string; label: MessageKey; placeholder?: MessageKey }
  /** `initial`: the value the page starts (and resets) with; `remember`: the choice survives a reload. */
  | {
      kind: 'select';
      name: string;
      label: MessageKey;
      options: readonly Option[];
      initial?: string;
      remember?: boolean;
    }
  /** Options loaded from an endpoint answering an array (bare or in `data`/`data.rows`). */
  | {
      kind: 'remoteSelect';
      name: string;
      label: MessageKey;
      url: string;
      method?: 'get' | 'post';
      labelKey: string;
      valueKey: string;
      /** Several choices, sent as one comma list (商品库存's depotIds). */ multiple?: boolean;
    }
  /** A date range sent as two fields (beginTime/endTime); `monthsBack` pre-fills it like the reports. */
  | { kind: 'dateRange'; label: MessageKey; begin: string; end: string; monthsBack?: number };

/** Named cell renderers, so specs stay data. */
export type CellRender =
  | 'billStatus'
  | 'enabled'
  | 'enabledFlag'
  | 'logStatus'
  | 'percent'
  | 'money'
  | 'quantity'
  /** A backend date or date-time, written as the page's language writes dates. */
  | 'date'
  | 'thousands'
  | 'tenantType'
  | 'yesNo'
  | 'dictStatus'
  | 'pluginState'
  | 'purchaseStatus'
  /** A product's first picture (imgName), small, its large one on a click. */
  | 'thumbnail'
  /** Values joined by '|' (多属性), each a blue tag as the original's list. */
  | 'valueTags';

export interface StatusWords {
  done: MessageKey;
  partly: MessageKey;
}

export interface ColumnSpec {
  dataIndex: string;
  title: MessageKey;
  width?: number;
  ellipsis?: boolean;
  sortable?: boolean;
  /** Table column the server orders by when it differs from dataIndex (a formatted operTimeStr sorts by operTime). */
  sortField?: string;
  render?: CellRender;
  /** billStatus: the words of status 2 (done) and 3 (partly) on this list, e.g. 完成采购 / 部分采购 on purchase orders. */
  statusWords?: StatusWords;
  /** A money or quantity column: the totals row sums it (columns rendered as money are summed anyway). */
  summed?: boolean;
  align?: 'left' | 'center' | 'right';
  /** A field shown when this column's own is empty (a multi-unit product has no `unit`, its group's `unitName`). */
  fallback?: string;
}

/**
 * A toolbar action on the selected rows (修正预付款): 请选择一条记录！ without a selection, then 确认操作 /
 * 是否操作选中数据?, POST <url> {ids:'a,b,'}; success shows `success`, reloads and clears the selection.
 */
export interface BatchAction {
  label: MessageKey;
  url: string;
  code: ButtonCodeValue;
  success: MessageKey;
}

export interface ViewSpec {
  /** Menu url: button permissions are stored per this url. */
  pageUrl: string;
  /** Column-settings key (pro__<pageKey>) and intro-tour key. */
  pageKey: string;
  listUrl: string;
  mode?: QueryMode;
  rowKey?: string;
  fixedFilters?: Record<string, string>;
  fields: readonly SearchField[];
  columns: readonly ColumnSpec[];
  /** Columns shown before the user chooses (default: all). */
  defaultVisible?: readonly string[];
  /** Report paging: page size 11, options 11/21/31/101/201, with the totals row (bill and money lists page by 10). */
  totals?: boolean;
  deleteUrl?: string;
  deleteBatchUrl?: string;
  batchSetStatusUrl?: string;
  /** Statuses the batch-status buttons send. */
  statusButtons?: 'audit' | 'enable';
  /** The `status` 启用 / 禁用 send when not true / false (users: 0 normal, 2 banned). */
  enableValues?: readonly [enable: number | string | boolean, disable: number | string | boolean];
  exportUrl?: string;
  /** 导出 for every user, not only those holding the export button code (the original report pages). */
  exportForAll?: boolean;
  /** Export by POST (/systemConfig/exportExcelByParam) of the shown rows, titled with this key. */
  exportTitle?: MessageKey;
  /** 导入 (the edit code): the backend's import path, and the dialog's title and template (a file the shell serves). */
  importUrl?: string;
  importDialog?: { title: MessageKey; templateUrl: string; templateName: MessageKey };
  batchActions?: readonly BatchAction[];
  /** The add/edit form: 新增 in the toolbar, 编辑 (and the form's row actions) per row. */
  form?: FormSpec;
}
