// State and calls of one list page (the original JeecgListMixin): query, loading, rows, total, selection,
// sort, pagination and reload, built on the pure rules of lib/table and the one HTTP client.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Key } from 'react';
import { http, HttpError } from '../../lib/http';
import { okArray } from '../../lib/backend/envelope';
import { buildField, buildListQuery, DEFAULT_SORT, type SortState } from '../../lib/table/query';
import { interpretListAnswer } from '../../lib/table/batch';
import { withTotalsRow, type Row } from '../../lib/table/totals';
import { DEFAULT_PAGE_SIZE } from '../../lib/table/pagination';
import { useProgressWhile } from '../../lib/progress';
import { dropEarlyCall, startEarlyCall, takeEarlyCall } from '../../lib/early-calls';
import { readAfterWrite, type FollowSave } from '../../lib/read-after-write';
import { useOnShownAgain } from '../../lib/page-shown';
import { useOnLookAgain } from '../../lib/look-again';
import { expectedAnswerMs } from '../../lib/answer-times';

/**
 * How the page asks for its rows:
 * - 'search': the generic list (`search` JSON + column/order/orderByColumn/isAsc/field/currentPage/pageSize) —
 *   every /{res}/list;
 * - 'flat': report endpoints, which read each filter as its own query parameter (the originals' getQueryParams);
 * - 'tree': tree endpoints answering a bare array of nodes (organization, material category), shown unpaged.
 */
export type QueryMode = 'search' | 'flat' | 'tree';

export interface UseTablePageOptions {
  listUrl: string | undefined;
  /** dataIndex of the displayed columns (the `field` parameter and the totals row). */
  dataIndexes: readonly string[];
  defaultPageSize?: number;
  mode?: QueryMode;
  /** Filters always sent (bill type/subType…), merged under the form values. */
  fixedFilters?: Record<string, unknown>;
  /** Filters the page starts with (report date ranges…). */
  initialFilters?: Record<string, unknown>;
  /**
   * The search fields' parameter names. Flat and tree queries and the export send each one, empty when unset, as
   * the originals' queryParam does: jshERP-boot requires some (materialParam, number, remark…) even when empty.
   */
  filterNames?: readonly string[];
  superQueryParams?: unknown;
  superQueryMatchType?: 'and' | 'or';
  /** The page's money and quantity columns, summed in the totals row beside the original's list. */
  summed?: readonly string[];
  /** Server column per sortable dataIndex when they differ (operTimeStr → operTime). */
  sortColumns?: Readonly<Record<string, string>>;
  onWarn: (message: string) => void;
  onMissingUrl: () => void;
}

export interface TablePageState {
  rows: Row[];
  total: number;
  /** The server's own count, before the totals-row adjustment. */
  recordTotal: number;
  loading: boolean;
  /** Settles when the first answer (or its failure) has been taken, or at once when there is nothing to ask. */
  firstAnswered: Promise<void>;
  /** The page's first answer is awaited, briefly, before the page renders (with its rows, then). */
  awaitingFirst: boolean;
  /** The first answer (or failure) has come, or there is nothing to ask: before it, an empty table means nothing yet. */
  answered: boolean;
  current: number;
  pageSize: number;
  sort: SortState;
  filters: Record<string, unknown>;
  selectedKeys: Key[];
  setSelectedKeys: (keys: Key[]) => void;
  /** Runs the query with new filters from page 1. */
  search: (filters: Record<string, unknown>) => void;
  changePage: (current: number, pageSize: number) => void;
  changeSort: (sort: SortState) => void;
  /** Reloads the current page; `toFirst` goes back to page 1 (the original's loadData(1)). */
  reload: (toFirst?: boolean) => void;
  /** At a save's send: the reload its success asks for (`reload()`) goes out now, answered after the save. */
  reloadAfterWrite: FollowSave;
  /** The query params the current view would send. */
  queryParams: () => Record<string, string>;
  /** The filters as plain parameters, every search field present (the originals' export sends its queryParam). */
  exportParams: () => Record<string, string>;
}

/** Filters as plain parameters: each of `names` always (empty when unset), any other filter when it has a value. */
function flatParams(filters: Record<string, unknown>, names: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = Object.fromEntries(names.map((name) => [name, '']));
  for (const [k, v] of Object.entries(filters)) {
    if (v === null || v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

// The first page's call leaves with the page's first render, a reload's in the event that asks for it (a save's
// answer): lib/early-calls. The render and commit of a list page took ~250 ms on the bench machine, and the call
// used to wait for both.

const keepEmpty = (keys: Key[]): Key[] => (keys.length === 0 ? keys : []);

interface QueryState {
  filters: Record<string, unknown>;
  current: number;
  pageSize: number;
  sort: SortState;
  tick: number;
}

/** What identifies one answer of the list: a new key is a new call. */
function requestKeyOf(options: UseTablePageOptions, q: QueryState): string {
  return JSON.stringify([
    options.listUrl,
    options.mode ?? 'search',
    q.filters,
    q.current,
    q.pageSize,
    q.sort,
    q.tick,
    options.dataIndexes.join(','),
    JSON.stringify(options.fixedFilters ?? {}),
  ]);
}

/** The query a reload asks: the one on screen, again (on page 1 when `toFirst`). */
const reloadOf = (q: QueryState, toFirst?: boolean): QueryState => ({
  ...q,
  current: toFirst ? 1 : q.current,
  tick: q.tick + 1,
});

/** The parameters of the list call for a query state. */
function paramsOf(options: UseTablePageOptions, q: QueryState): Record<string, string> {
  const mode = options.mode ?? 'search';
  const merged = { ...(options.fixedFilters ?? {}), ...q.filters };
  if (mode === 'tree') return flatParams(merged, options.filterNames);
  // With a totals row each page holds pageSize-1 records (the originals send pageSize-1).
  const serverPageSize = q.pageSize % 10 === 1 ? q.pageSize - 1 : q.pageSize;
  // Report controllers page by hand and ignore any sort parameter: their headers sort the page in the browser.
  if (mode === 'flat') {
    return {
      ...flatParams(merged, options.filterNames),
      column: q.sort.column,
      order: q.sort.order,
      field: buildField(options.dataIndexes),
      currentPage: String(q.current),
      pageSize: String(serverPageSize),
    };
  }
  return buildListQuery({
    filters: merged,
    sort: q.sort,
    dataIndexes: options.dataIndexes,
    currentPage: q.current,
    pageSize: serverPageSize,
    superQueryParams: options.superQueryParams,
    superQueryMatchType: options.superQueryMatchType,
    sortColumns: options.sortColumns,
  });
}

/** A list URL's path, as the answer times know it: /depotHead/list. */
const listPath = (url: string) => url.split('?')[0]!;

/**
 * A new list page renders once with its first rows when they are expected soon: rendered at once, its rendering kept
 * the answer waiting, and the rows took a second render and layout after a gap of tasks (the bench, 12 alternated
 * runs each: 采购入库's rows 261 → 208 ms median at 80 ms RTT, 234 → 234 on a LAN). It waits when its list's answers
 * (or, before its first, the API's recent ones, lib/answer-times) took at most WAIT_WHEN_EXPECTED_MS, for twice that
 * within the bounds below; an answer later than that finds the page rendered without its rows, as it is without a
 * figure.
 */
export const WAIT_WHEN_EXPECTED_MS = 120;
const FIRST_ANSWER_WAIT_MIN_MS = 40;
const FIRST_ANSWER_WAIT_MAX_MS = 160;

/** How long a new page waits for its first answer before it renders (0: it renders at once). */
export function firstAnswerWaitMs(expectedMs: number | undefined): number {
  if (expectedMs === undefined || expectedMs > WAIT_WHEN_EXPECTED_MS) return 0;
  return Math.min(FIRST_ANSWER_WAIT_MAX_MS, Math.max(FIRST_ANSWER_WAIT_MIN_MS, 2 * expectedMs));
}

export function useTablePage(options: UseTablePageOptions): TablePageState {
  const { listUrl, mode = 'search' } = options;
  const initialPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const initialFilters = options.initialFilters;
  const [filters, setFilters] = useState<Record<string, unknown>>(() => ({ ...(initialFilters ?? {}) }));
  const [current, setCurrent] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [recordTotal, setRecordTotal] = useState(0);
  // The query last answered: the table is loading while the current query differs from it.
  const [answeredKey, setAnsweredKey] = useState<string | null>(null);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  // The top progress bar runs until the first page has arrived (later reloads show the table's own spinner).
  const [firstLoadDone, setFirstLoadDone] = useState(false);
  useProgressWhile(Boolean(listUrl) && !firstLoadDone);
  const [tick, setTick] = useState(0);
  // The first page's call leaves with the page's first render, not after its commit.
  useState(() => {
    const first: QueryState = { filters, current: 1, pageSize: initialPageSize, sort: DEFAULT_SORT, tick: 0 };
    if (listUrl)
      startEarlyCall(requestKeyOf(options, first), (signal) =>
        http.get<unknown>(listUrl, paramsOf(options, first), { signal }),
      );
    return null;
  });
  // The page waits for its first answer, briefly, to render once with its rows (firstAnswerWaitMs).
  const [firstAnswer] = useState(() => {
    let settle = () => {};
    const promise = new Promise<void>((resolve) => {
      settle = resolve;
    });
    if (!listUrl) settle();
    return { promise, settle };
  });
  const [firstWaitMs] = useState(() => (listUrl ? firstAnswerWaitMs(expectedAnswerMs(listPath(listUrl))) : 0));
  const [awaitingFirst, setAwaitingFirst] = useState(firstWaitMs > 0);
  useEffect(() => {
    if (!awaitingFirst) return;
    const timer = setTimeout(() => setAwaitingFirst(false), firstWaitMs);
    return () => clearTimeout(timer);
  }, [awaitingFirst, firstWaitMs]);
  // Latest options without re-running the effect when a parent re-creates callbacks.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const dataIndexKey = options.dataIndexes.join(',');
  // Fixed filters may change while the page lives (a tree beside the list filters it): a change starts at page 1.
  const fixedKey = JSON.stringify(options.fixedFilters ?? {});
  const [seenFixedKey, setSeenFixedKey] = useState(fixedKey);
  if (seenFixedKey !== fixedKey) {
    setSeenFixedKey(fixedKey);
    setCurrent(1);
  }
  const requestKey = requestKeyOf(options, { filters, current, pageSize, sort, tick });
  // The query and the text of the answer on screen (with what else shapes the rows). A tab back in front asks again
  // (lib/page-shown): the same answer to the same query keeps the rows, the selection and the rendering as they are.
  // The same rows for another query (a 查询 that finds what is shown) keep the rows too.
  const shownAnswer = useRef<{ key: string; text: string; shape: string; rows: boolean } | null>(null);
  const loading = Boolean(listUrl) && answeredKey !== requestKey;

  const queryParams = useCallback(
    (): Record<string, string> => paramsOf(latest.current, { filters, current, pageSize, sort, tick: 0 }),
    // fixedKey: the fixed filters are read from `latest`, their text tells when they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filters, pageSize, current, sort, mode, fixedKey],
  );

  // The page's query asked again, with what the answer changes on screen (set by the effect below).
  const askAgain = useRef<(() => void) | null>(null);
  useOnShownAgain(() => askAgain.current?.());
  // Looked at again (the window's focus back, a notice): other users' bills and changes show without a click.
  useOnLookAgain(() => askAgain.current?.());
  useEffect(() => {
    if (!listUrl) {
      latest.current.onMissingUrl();
      return;
    }
    const early = takeEarlyCall<unknown>(requestKey);
    const controllers: AbortController[] = [];
    const apply = (call: Promise<unknown>, controller: AbortController) => {
      let unchanged = false;
      call
        .then((body) => {
          if (controller.signal.aborted) return;
          const text = JSON.stringify(body);
          const shape = JSON.stringify([mode, pageSize, latest.current.dataIndexes, latest.current.summed ?? []]);
          const previous = shownAnswer.current;
          const same = previous !== null && previous.text === text && previous.shape === shape;
          if (same && previous.key === requestKey) {
            unchanged = true;
            return;
          }
          const outcome = mode === 'tree' ? null : interpretListAnswer(body);
          shownAnswer.current = { key: requestKey, text, shape, rows: outcome === null || outcome.kind === 'rows' };
          // The rows on screen are this answer's: the table keeps them (a warning is given again, though).
          if (same && previous.rows) return;
          if (outcome === null) {
            const nodes = Array.isArray(body) ? (body as Row[]) : ((okArray(body) ?? []) as Row[]);
            setRows(nodes);
            setTotal(nodes.length);
            setRecordTotal(nodes.length);
            return;
          }
          if (outcome.kind === 'rows') {
            const shown = withTotalsRow(
              outcome.rows,
              outcome.total,
              pageSize,
              latest.current.dataIndexes,
              latest.current.summed,
            );
            setRows(shown.rows);
            setTotal(shown.total);
            setRecordTotal(outcome.total);
          } else {
            latest.current.onWarn(outcome.message);
          }
        })
        .catch((error: unknown) => {
          // The catalogue has already told the user; an abort is the page going away.
          if (!(error instanceof HttpError) && !controller.signal.aborted) console.warn('[table-page]', error);
        })
        .finally(() => {
          // Unlike the original, an HTTP failure never leaves the table spinning.
          if (!controller.signal.aborted && !unchanged) {
            setAnsweredKey(requestKey);
            setFirstLoadDone(true);
            setAwaitingFirst(false);
            firstAnswer.settle();
            // The same empty selection, not a new one: the columns (their row links read the selection) stay as they
            // are, and the table's header with them.
            setSelectedKeys(keepEmpty);
          }
        });
    };
    const ask = (call: Promise<unknown> | null, controller = new AbortController()) => {
      controllers.push(controller);
      apply(
        call ??
          http.get<unknown>(listUrl, paramsOf(latest.current, { filters, current, pageSize, sort, tick }), {
            signal: controller.signal,
          }),
        controller,
      );
    };
    ask(early?.promise ?? null, early?.controller);
    askAgain.current = () => ask(null);
    return () => {
      askAgain.current = null;
      for (const controller of controllers) controller.abort();
    };
    // dataIndexKey: the visible columns are part of the query (`field`); requestKey changes with all of them.
  }, [listUrl, mode, tick, dataIndexKey, filters, pageSize, current, sort, requestKey, firstAnswer]);

  // The query on screen, and the call of a query the next render will ask for, started at the event that asks.
  const queryState = useRef<QueryState>({ filters, current, pageSize, sort, tick });
  useLayoutEffect(() => {
    queryState.current = { filters, current, pageSize, sort, tick };
  });
  const startQuery = useCallback((query: QueryState) => {
    queryState.current = query;
    const o = latest.current;
    const url = o.listUrl;
    if (url) startEarlyCall(requestKeyOf(o, query), (signal) => http.get<unknown>(url, paramsOf(o, query), { signal }));
  }, []);
  // A search's call leaves now, at the 查询, not after the render that shows the table loading.
  const search = useCallback(
    (next: Record<string, unknown>) => {
      const query: QueryState = { ...queryState.current, filters: next, current: 1, tick: queryState.current.tick + 1 };
      startQuery(query);
      setFilters(next);
      setCurrent(1);
      setTick(query.tick);
    },
    [startQuery],
  );
  const changePage = useCallback(
    (nextCurrent: number, nextSize: number) => {
      // A new page size starts again on page 1.
      if (nextSize !== pageSize) {
        setPageSize(nextSize);
        setCurrent(1);
      } else {
        setCurrent(nextCurrent);
      }
    },
    [pageSize],
  );
  const changeSort = useCallback((next: SortState) => {
    setSort((prev) => (prev.column === next.column && prev.order === next.order ? prev : next));
  }, []);
  // A reload's call leaves now (a save's answer asks for it while the form closes), not after the next commit.
  const reload = useCallback(
    (toFirst?: boolean) => {
      const query = reloadOf(queryState.current, toFirst);
      startQuery(query);
      if (toFirst) setCurrent(1);
      setTick(query.tick);
    },
    [startQuery],
  );
  // The reload a save's success asks for (`reload()`, the same key), sent with the save.
  const reloadAfterWrite = useCallback<FollowSave>((writeId, written) => {
    const query = reloadOf(queryState.current);
    const o = latest.current;
    const url = o.listUrl;
    if (!url) return () => undefined;
    const key = requestKeyOf(o, query);
    startEarlyCall(key, (signal) =>
      readAfterWrite(
        writeId,
        written,
        (ordered, callSignal) => http.get<unknown>(url, paramsOf(o, query), { signal: callSignal, ...ordered }),
        signal,
      ),
    );
    return () => dropEarlyCall(key);
  }, []);
  const exportParams = useCallback(
    () => flatParams({ ...(latest.current.fixedFilters ?? {}), ...filters }, latest.current.filterNames),
    [filters],
  );

  return useMemo(
    () => ({
      rows,
      total,
      recordTotal,
      loading,
      awaitingFirst,
      firstAnswered: firstAnswer.promise,
      answered: firstLoadDone || !listUrl,
      current,
      pageSize,
      sort,
      filters,
      selectedKeys,
      setSelectedKeys,
      search,
      changePage,
      changeSort,
      reload,
      reloadAfterWrite,
      queryParams,
      exportParams,
    }),
    [
      rows,
      total,
      recordTotal,
      loading,
      awaitingFirst,
      firstAnswer.promise,
      firstLoadDone,
      listUrl,
      current,
      pageSize,
      sort,
      filters,
      selectedKeys,
      search,
      changePage,
      changeSort,
      reload,
      reloadAfterWrite,
      queryParams,
      exportParams,
    ],
  );
}
