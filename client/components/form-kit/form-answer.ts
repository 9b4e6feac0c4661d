// Reading the backend's answers to a save, a name check and a row action. Writes answer `{code, data:{message}}`
// (成功 / a business reason), the user save `{code, msg}`, an uncaught exception `{code:500, data:'未知异常'}`:
// all HTTP 200, success only when code is 200.

interface Answer { code?: unknown; msg?: unknown; data?: unknown }

/** The text the answer carries: `data` when a string, else `data.message`, else `msg`; '' when none. */
export function answerText(body: unknown): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? body : '';
  const b = body as Answer;
  if (typeof b.data === 'string') return b.data;
  const message = (b.data as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string') return message;
  return typeof b.msg === 'string' ? b.msg : '';
}

export interface SaveOutcome {
  ok: boolean;
  message: string;
}

export function interpretSaveAnswer(body: unknown): SaveOutcome {
  const ok = Boolean(body && typeof body === 'object' && (body as Answer).code === 200);
  return { ok, message: answerText(body) };
}

export type CheckOutcome = { kind: 'free' } | { kind: 'taken' } | { kind: 'failed'; message: string };

/** checkIsNameExist: `{code:200, data:{status:true}}` = taken (family B puts the same status in `data`). */
export function interpretCheckAnswer(body: unknown): CheckOutcome {
  const b = body as Answer | null;
  if (!b || typeof b !== 'object' || b.code !== 200) return { kind: 'failed', message: answerText(body) };
  const status = (b.data as { status?: unknown } | null | undefined)?.status;
  return status === true ? { kind: 'taken' } : { kind: 'free' };
}

/** The array an option endpoint answers: bare, `data`, `data.rows`, or at a dotted path. */
export function optionList(body: unknown, listPath?: string): Record<string, unknown>[] {
  if (listPath) {
    const found = listPath.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), body);
    return Array.isArray(found) ? found as Record<string, unknown>[] : [];
  }
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  const data = (body as Answer | null)?.data;
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  const rows = (data as { rows?: unknown } | null | undefined)?.rows;
  return Array.isArray(rows) ? rows as Record<string, unknown>[] : [];
}
