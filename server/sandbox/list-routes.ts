// The list catalogue's handlers (list-resources.ts: a controller's route file writes each path out and takes its
// handler here), the two totals calls the report pages make, and the query reading every list shares (search, paging,
// ORDER BY).
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  LIST_RESOURCES,
  applySearch,
  byTenant,
  type ReportListResource,
  type TableListResource,
} from './list-resources.js';
import { ReadFailedError, TooManyDepotsError, inOutStockCountMoney, type ReportResult } from './reports.js';
import { accountAmounts, priceFormat } from './financial.js';
import type { SandboxState } from './store.js';
import { scopeOf } from './writes.js';
import { UnknownException, sendJackson } from './wire.js';
import { isLive } from './store.js';

type Query = Record<string, string | undefined>;

/** A report controller's catch block: `{code:500, data:"获取数据失败"}`. */
const READ_FAILED = { code: 500, data: '获取数据失败' };

/** Spring binds the first value of a repeated parameter. */
function flatQuery(request: FastifyRequest): Query {
  const out: Query = {};
  for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') out[k] = first;
  }
  return out;
}

/** StringUtil.getInfo for every key at once: `{}` removed, values as fastjson getString, trimmed, "" = absent. */
export function parseSearch(raw: string | undefined): Record<string, string> {
  if (raw === undefined || raw === '') return {};
  const text = raw.replaceAll('{}', '');
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UnknownException('search is not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UnknownException('search is not an object');
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || value === undefined) continue;
    const s = (typeof value === 'string' ? value : JSON.stringify(value)).trim();
    if (s !== '') out[key] = s;
  }
  return out;
}

/** ServletUtils.getParameterToInt: a missing or unparsable value falls back to the default. */
function intParam(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^\s*-?\d{1,9}\s*$/.test(value)) return fallback;
  return Number(value.trim());
}

/** PageHelper with reasonable=true: the page number is clamped into [1, pages]. */
export function pageOf<T>(rows: T[], currentPage: number, pageSize: number): T[] {
  if (pageSize < 1) return rows;
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(Math.max(currentPage, 1), pages);
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

/** SqlUtil.escapeOrderBySql: letters, digits, `_`, space, comma and dot only, at most 500 characters. */
const ORDER_BY_PATTERN = /^[a-zA-Z0-9_ ,.]+$/;

function compareValues(a: unknown, b: unknown): number {
  // MySQL puts NULL first in ascending order; numbers compare as numbers, the rest as text.
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * PageUtils' ORDER BY from `orderByColumn` + `isAsc` (the row field named like the camelCase column). Without
 * `orderByColumn` the SQL's own order stands. An unsafe column, a column the rows lack or an `isAsc` other than
 * asc/desc (the backend then writes `ORDER BY col null`) fail like the backend's SQL: 未知异常.
 */
export function orderRows<T extends Record<string, unknown>>(
  rows: T[],
  orderByColumn: string | undefined,
  isAsc: string | undefined,
): T[] {
  if (orderByColumn === undefined || orderByColumn.trim() === '') return rows;
  if (!ORDER_BY_PATTERN.test(orderByColumn) || orderByColumn.length > 500)
    throw new UnknownException('orderByColumn is not safe');
  const direction = isAsc?.trim().toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') throw new UnknownException('isAsc must be asc or desc');
  const column = orderByColumn.trim();
  if (rows.length > 0 && !rows.some((row) => column in row)) throw new UnknownException(`no column ${column}`);
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareValues(a[column], b[column]));
}

function requiredInt(query: Query, name: string): number {
  const value = query[name];
  if (value === undefined || !/^\s*-?\d{1,9}\s*$/.test(value)) throw new UnknownException(`${name} must be a number`);
  return Number(value.trim());
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function tableHandler(state: SandboxState, resource: TableListResource): Handler {
  return async (request, reply) => {
    const query = flatQuery(request);
    const search = parseSearch(query.search);
    const ctx = scopeOf(state, request);
    const searched = applySearch(resource, resource.rows(ctx), search, ctx);
    const viewFirst =
      resource.view !== undefined && query.orderByColumn !== undefined && query.orderByColumn.trim() !== '';
    const matching = orderRows(viewFirst ? resource.view!(ctx, searched) : searched, query.orderByColumn, query.isAsc);
    const page = pageOf(matching, intParam(query.currentPage, 1), intParam(query.pageSize, 10));
    const rows = resource.view && !viewFirst ? resource.view(ctx, page) : page;
    return sendJackson(reply, { code: 200, data: { rows, total: matching.length } });
  };
}

function reportHandler(state: SandboxState, resource: ReportListResource): Handler {
  return async (request, reply) => {
    const query = flatQuery(request);
    for (const name of resource.required)
      if (query[name] === undefined) throw new UnknownException(`${name} is required`);
    const ctx = scopeOf(state, request);
    let result: ReportResult;
    try {
      result = resource.compute(ctx, query);
    } catch (error) {
      if (error instanceof ReadFailedError) return sendJackson(reply, READ_FAILED);
      if (error instanceof TooManyDepotsError) return sendJackson(reply, tooManyDepots(error));
      throw error;
    }
    const { rows, extras } = result;
    const currentPage = query.currentPage === undefined ? 1 : requiredInt(query, 'currentPage');
    const pageSize = query.pageSize === undefined ? rows.length : requiredInt(query, 'pageSize');
    // The report controllers page by hand: a plain offset, no clamping.
    const offset = Math.max(0, (currentPage - 1) * pageSize);
    const page = pageSize < 1 ? [] : rows.slice(offset, offset + pageSize);
    return sendJackson(reply, { code: 200, data: { rows: page, total: rows.length, ...extras } });
  };
}

/** The handler of the catalogue's page or report at `path` (its entry in list-resources.ts). */
export function listHandler(state: SandboxState, path: string): Handler {
  const resource = LIST_RESOURCES.find((r) => r.path === path);
  if (!resource) throw new Error(`no list resource ${path} in list-resources.ts`);
  return resource.kind === 'table' ? tableHandler(state, resource) : reportHandler(state, resource);
}

/** Totals of the 进销存统计 page (`/depotItem/getInOutStockCountMoney`). */
export function inOutStockCountMoneyHandler(state: SandboxState): Handler {
  return async (request, reply) => {
    try {
      return sendJackson(reply, {
        code: 200,
        data: inOutStockCountMoney(scopeOf(state, request), flatQuery(request)),
      });
    } catch (error) {
      if (error instanceof ReadFailedError) return sendJackson(reply, READ_FAILED);
      if (error instanceof TooManyDepotsError) return sendJackson(reply, tooManyDepots(error));
      throw error;
    }
  };
}

/** The controllers' catch of a BusinessRunTimeException: its code, and its message as the bare data. */
const tooManyDepots = (error: TooManyDepotsError) => ({ code: TooManyDepotsError.CODE, data: error.message });

/** Totals of the 账户统计 page (`/account/getStatistics`). */
export function accountStatisticsHandler(state: SandboxState): Handler {
  return async (request, reply) => {
    const ctx = scopeOf(state, request);
    const query = flatQuery(request);
    const accounts = byTenant(
      ctx,
      (state.tables.account ?? []).filter((a) => isLive(a)),
    )
      .filter(
        (a) =>
          (!query.name || String(a.name).includes(query.name)) &&
          (!query.serialNo || String(a.serialNo).includes(query.serialNo)),
      )
      .map((a) => accountAmounts(state, ctx.tenantId, a));
    // The sums of the exact amounts, then AccountService.priceFormat's text.
    const total = (key: 'current' | 'month'): string => priceFormat(accounts.reduce((s, a) => s + a[key], 0));
    return sendJackson(reply, {
      code: 200,
      data: { allMonthAmount: total('month'), allCurrentAmount: total('current') },
    });
  };
}
