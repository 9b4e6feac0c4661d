// How jshERP-boot puts values on the wire: two JSON serialisers, bare strings, Spring's 404 body.
import type { FastifyReply } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

/** The global handler's answer to anything unexpected (wrong method, unreadable body, missing param): HTTP 200. */
export const UNKNOWN_EXCEPTION = { code: 500, data: '未知异常' } as const;

/** Raised inside a handler to answer with the global handler's unknown-exception body. */
export class UnknownException extends Error {
  constructor(reason = 'unknown') {
    super(reason);
    this.name = 'UnknownException';
  }
}

/** A BusinessRunTimeException: the global handler answers `{code, data:{message}}` with HTTP 200. */
export class BusinessException extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'BusinessException';
  }
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Seed and display times are China time (the real server's local zone). */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** Parses a fixture datetime 'YYYY-MM-DD HH:MM:SS' written in China time. */
export function chinaTime(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`bad seed datetime '${text}'`);
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  return new Date(utc - CHINA_OFFSET_MS);
}

function chinaParts(date: Date): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const shifted = new Date(date.getTime() + CHINA_OFFSET_MS);
  return {
    y: shifted.getUTCFullYear(),
    mo: shifted.getUTCMonth() + 1,
    d: shifted.getUTCDate(),
    h: shifted.getUTCHours(),
    mi: shifted.getUTCMinutes(),
    s: shifted.getUTCSeconds(),
  };
}

/** `yyyy-MM-dd HH:mm:ss` in China time (createTimeStr, operTimeStr, billTimeStr…). */
export function formatDateTime(date: Date): string {
  const p = chinaParts(date);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}

/** A stored datetime as epoch ms; NaN for NULL, so range tests leave it out as SQL does. */
export function timeOf(value: unknown): number {
  return value instanceof Date ? value.getTime() : Number.NaN;
}

/** `yyyy-MM-dd` in China time. */
export function formatDate(date: Date): string {
  return formatDateTime(date).slice(0, 10);
}

/** Jackson 2.9 under Spring Boot 2.0: ISO-8601 in UTC with a `+0000` offset. */
export function jacksonDate(date: Date): string {
  return date.toISOString().replace('Z', '+0000');
}

/** Jackson: nulls kept, Dates as ISO strings. Used for BaseResponseInfo, TableDataInfo, entities. */
export function toJackson(value: unknown): unknown {
  if (value instanceof Date) return jacksonDate(value);
  if (Array.isArray(value)) return value.map(toJackson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = v === undefined ? null : toJackson(v);
    return out;
  }
  return value;
}

const EPOCH_DATE_FIELDS = new Set(['createTime', 'modifyTime', 'updateTime']);

/** fastjson (returnJson/returnStr): nulls omitted; createTime/modifyTime/updateTime as epoch millis, other Dates yyyy-MM-dd. */
export function toFastjson(value: unknown, key = ''): unknown {
  if (value instanceof Date) return EPOCH_DATE_FIELDS.has(key) ? value.getTime() : formatDate(value);
  if (Array.isArray(value)) return value.map((v) => toFastjson(v));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null || v === undefined) continue;
      out[k] = toFastjson(v, k);
    }
    return out;
  }
  return value;
}

/** Sends a Java object through Jackson. */
export function sendJackson(reply: FastifyReply, body: unknown, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('content-type', JSON_CONTENT_TYPE)
    .send(JSON.stringify(toJackson(body)));
}

/** Sends a controller's String result (fastjson text). */
export function sendFastjson(reply: FastifyReply, body: unknown): FastifyReply {
  return reply
    .code(200)
    .header('content-type', JSON_CONTENT_TYPE)
    .send(JSON.stringify(toFastjson(body)));
}

/** Sends a bare String return value as-is (the getPlatform/* getters). */
export function sendBareString(reply: FastifyReply, text: string): FastifyReply {
  return reply.code(200).header('content-type', JSON_CONTENT_TYPE).send(text);
}

/** returnStr(n): the answer of every generic add/update/delete. */
export function returnStr(n: number): { code: number; data: { message: string } } {
  if (n > 0) return { code: 200, data: { message: '成功' } };
  if (n === -1) return { code: -1, data: { message: '演示用户禁止操作' } };
  return { code: 500, data: { message: '服务内部错误' } };
}

/** Spring Boot's error controller body for an unmapped path reached with a valid token. */
export function springNotFound(path: string, now: Date): Record<string, unknown> {
  return { timestamp: jacksonDate(now), status: 404, error: 'Not Found', message: 'No message available', path };
}

/**
 * A quantity or amount as jshERP-boot's decimal(24,6) columns keep it: 6 places, half away from zero (MySQL's rounding
 * on insert), which also drops the float noise of sums (0.1 + 0.2). The backend's BigDecimal math rounds to 2 only
 * where a service calls setScale or divide with 2; sums and products of stored values keep their 6.
 */
export function asDecimal(n: number): number {
  return halfUp(n, 6);
}

/** BigDecimal's setScale(places, ROUND_HALF_UP) (and divide(x, places, ROUND_HALF_UP) of the quotient). */
export function halfUp(n: number, places: number): number {
  const scale = 10 ** places;
  return (Math.sign(n) * Math.round(Math.abs(n) * scale + 1e-9)) / scale;
}

/** Reads an id that fastjson would accept as number or numeric string. */
export function toId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
  return null;
}

/** StringUtil.strToLongList / Long.parseLong on each comma-separated item: anything but an integer fails the call
 *  (the global handler's 未知异常). */
export function longList(text: string, name: string): number[] {
  return text.split(',').map((part) => {
    if (!/^-?\d+$/.test(part)) throw new UnknownException(`${name} is not a list of numbers`);
    return Number(part);
  });
}

/** Splits `1,2,` / `2` / 2 into ids, ignoring empty items. */
export function idList(value: unknown): number[] | null {
  if (typeof value === 'number') return Number.isInteger(value) ? [value] : null;
  if (typeof value !== 'string') return null;
  const ids: number[] = [];
  for (const item of value.split(',')) {
    if (item.trim() === '') continue;
    const id = toId(item);
    if (id === null) return null;
    ids.push(id);
  }
  return ids;
}
