import { DEFAULT_SORT, type SortState } from './query.js';

/** antd sorter order → the original's column/order: ascend → asc, descend → desc, cleared → createTime desc. */
export function sorterToSort(field: unknown, order: 'ascend' | 'descend' | null | undefined): SortState {
  if (!order) return { ...DEFAULT_SORT };
  const column = Array.isArray(field) ? field.join('.') : String(field ?? '');
  if (!column) return { ...DEFAULT_SORT };
  return { column, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** The inverse, for showing the current sort on the column header. */
export function sortOrderFor(sort: SortState, dataIndex: string): 'ascend' | 'descend' | null {
  if (sort.column !== dataIndex) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}
