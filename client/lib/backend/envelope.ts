// The client's one reader of jshERP-boot's answers: nothing outside this module compares `code` with 200. The
// backend answers in five families (all HTTP 200; the controllers' return types, ErpInfo and GlobalExceptionHandler):
//   A returnStr / returnJson  `{code, data: {message, …}}` — writes, name checks, /info;
//   B BaseResponseInfo        `{code, data}` — look-ups; a failure carries its text as `data` (a string);
//   C standardSuccess         `{code, msg}` — the user save, register, the financial bills' save;
//   D the exception handler   `{code, data: {message}}` or `{code: 500, data: '未知异常'}`;
//   E bare JSON               arrays and trees without any envelope (select lists, trees).
// Success is `code` 200 in A–D; E has no code and is read by `optionList`. Pure: no React, no calls.
import type { Reply } from './types';

interface Answer {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

/** Whether the backend accepted the call: an envelope whose `code` is 200. */
export function isOk(body: unknown): boolean {
  return Boolean(body && typeof body === 'object' && (body as Answer).code === 200);
}

/** The answer's code when it is an envelope (the caller tells a business refusal such as 400 apart); else undefined. */
export function answerCode(body: unknown): number | undefined {
  const code = body && typeof body === 'object' ? (body as Answer).code : undefined;
  return typeof code === 'number' ? code : undefined;
}

/** The text the answer carries: `data` when a string, else `data.message`, else `msg`; '' when none. */
export function answerText(body: unknown): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? body : '';
  const b = body as Answer;
  if (typeof b.data === 'string') return b.data;
  const message = (b.data as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string') return message;
  return typeof b.msg === 'string' ? b.msg : '';
}

/** A successful answer's `data` as it came (object, array, string, number or null); undefined when refused. */
export function okData<T>(reply: Reply<T> | null | undefined): T | undefined;
export function okData(body: unknown): unknown;
export function okData(body: unknown): unknown {
  return isOk(body) ? (body as Answer).data : undefined;
}

/** A successful answer's `data` when it is an object (not an array); null otherwise (refused, null, a text). */
export function okObject<T>(reply: Reply<T> | null | undefined): Extract<T, object> | null;
export function okObject(body: unknown): Record<string, unknown> | null;
export function okObject(body: unknown): unknown {
  const data = okData(body);
  return data && typeof data === 'object' && !Array.isArray(data) ? data : null;
}

/** A successful answer's `data` when it is an array; null otherwise. */
export function okArray<T>(reply: Reply<T> | null | undefined): Extract<T, readonly unknown[]> | null;
export function okArray(body: unknown): unknown[] | null;
export function okArray(body: unknown): unknown {
  const data = okData(body);
  return Array.isArray(data) ? data : null;
}

export interface SaveOutcome {
  ok: boolean;
  message: string;
}

/** A write's answer (families A, C, D): accepted or not, and the text it carries either way. */
export function interpretSaveAnswer(body: unknown): SaveOutcome {
  return { ok: isOk(body), message: answerText(body) };
}

export type CheckOutcome = { kind: 'free' } | { kind: 'taken' } | { kind: 'failed'; message: string };

/** checkIsNameExist: `{code:200, data:{status:true}}` = taken (family B puts the same status in `data`). */
export function interpretCheckAnswer(body: unknown): CheckOutcome {
  const data = okObject(body);
  if (!isOk(body)) return { kind: 'failed', message: answerText(body) };
  return data?.status === true ? { kind: 'taken' } : { kind: 'free' };
}

/** The array an option endpoint answers: bare (family E), `data`, `data.rows`, or at a dotted path. */
export function optionList(body: unknown, listPath?: string): Record<string, unknown>[] {
  if (listPath) {
    const found = listPath
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), body);
    return Array.isArray(found) ? (found as Record<string, unknown>[]) : [];
  }
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  const data = (body as Answer | null)?.data;
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  const rows = (data as { rows?: unknown } | null | undefined)?.rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}
