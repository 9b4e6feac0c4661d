// Builds the list query the original JeecgListMixin.getQueryParams sends, plus the sort its paging helper reads.
// The backend ignores `column`/`order`/`field` (sent for parity with the original); its PageUtils orders by
// `orderByColumn` (camelCase, turned into the SQL column) and `isAsc` ('asc' | 'desc').

export type QueryValue = string | number | boolean | null | undefined;

export interface SortState {
  column: string;
  order: 'asc' | 'desc';
}

export interface ListQueryInput {
  /** Search form values; empty values (null, undefined, '', empty arrays) are dropped from `search`. */
  filters: Record<string, unknown>;
  sort: SortState;
  /** dataIndex of every displayed column, in order. */
  dataIndexes: readonly string[];
  currentPage: number;
  pageSize: number;
  /** Extra column filters from the table header (the original's `filters`). */
  columnFilters?: Record<string, QueryValue>;
  superQueryParams?: unknown;
  superQueryMatchType?: 'and' | 'or';
  /** Table column each sortable dataIndex orders by on the server (operTimeStr → operTime); default the dataIndex. */
  sortColumns?: Readonly<Record<string, string>>;
}

export const DEFAULT_SORT: SortState = { column: 'createTime', order: 'desc' };

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The `search` JSON text: filters with empty values dropped. */
export function buildSearch(filters: Record<string, unknown>): string {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (!isEmpty(value)) kept[key] = typeof value === 'string' ? value.trim() : value;
  }
  return JSON.stringify(kept);
}

/** `id,` followed by `,` + dataIndex for each column, so it begins `id,,` exactly like the original. */
export function buildField(dataIndexes: readonly string[]): string {
  return 'id,' + dataIndexes.map((d) => ',' + d).join('');
}

function isDefaultSort(sort: SortState): boolean {
  return sort.column === DEFAULT_SORT.column && sort.order === DEFAULT_SORT.order;
}

/**
 * `orderByColumn`/`isAsc` for a sort the user chose. The default (createTime desc) sends none: the lists' SQL
 * already orders that way and not every table has a create_time column, which an ORDER BY would then break.
 */
export function serverSort(
  sort: SortState,
  sortColumns?: Readonly<Record<string, string>>,
): { orderByColumn?: string; isAsc?: 'asc' | 'desc' } {
  if (isDefaultSort(sort)) return {};
  return { orderByColumn: sortColumns?.[sort.column] ?? sort.column, isAsc: sort.order };
}

/** Query parameters for GET <listUrl>; null/undefined/'' values are dropped (the original's filterObj). */
export function buildListQuery(input: ListQueryInput): Record<string, string> {
  const params: Record<string, QueryValue> = {};
  const hasSuper = !isEmpty(input.superQueryParams);
  if (hasSuper) {
    params.superQueryParams = encodeURI(JSON.stringify(input.superQueryParams));
    params.superQueryMatchType = input.superQueryMatchType ?? 'and';
  }
  params.search = buildSearch(input.filters);
  params.column = input.sort.column;
  params.order = input.sort.order;
  Object.assign(params, serverSort(input.sort, input.sortColumns));
  Object.assign(params, input.columnFilters ?? {});
  params.field = buildField(input.dataIndexes);
  params.currentPage = input.currentPage;
  params.pageSize = input.pageSize;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    out[key] = String(value);
  }
  return out;
}
