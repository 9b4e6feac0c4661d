export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 30, 50, 100];
/** Report pages: page size 11 so the totals row fits. */
export const REPORT_PAGE_SIZE = 11;
export const REPORT_PAGE_SIZE_OPTIONS: readonly number[] = [11, 21, 31, 101, 201];
