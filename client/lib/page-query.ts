// What a page's query string means: the one parameter that selects something (a bill's 单据编号, whose detail the
// list opens) and everything else (a stray `?x=1`), which selects nothing. Pure.

/** The query parameter naming the bill whose detail (查看) a bill list shows: `/bill/purchase_in?number=CGRK…`. */
export const BILL_NUMBER_PARAM = 'number';

/** The parameters that select something on a page; any other is ignored (and does not make a tab of its own). */
export const MEANINGFUL_PARAMS: readonly string[] = [BILL_NUMBER_PARAM];

/** The bill number a query names (`?number=…`, trimmed), or null. */
export function billNumberOf(search: string): string | null {
  const value = new URLSearchParams(search).get(BILL_NUMBER_PARAM)?.trim();
  return value ? value : null;
}

/** The address of a page showing a bill's detail. */
export function billDetailPath(pathname: string, number: string): string {
  return `${pathname}?${new URLSearchParams({ [BILL_NUMBER_PARAM]: number }).toString()}`;
}

/** The meaningful part of a query (`?number=…`), '' when it selects nothing. */
export function meaningfulSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of MEANINGFUL_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
