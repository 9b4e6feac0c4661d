// Batch actions and list answers of JeecgListMixin.
import { answerText, isOk, okObject } from '../backend/envelope.js';

/** Selected keys comma-joined with the original's trailing comma: 'a,b,'. */
export function joinIds(keys: readonly (string | number)[]): string {
  return keys.map((k) => `${k},`).join('');
}

export type ListOutcome =
  { kind: 'rows'; rows: Record<string, unknown>[]; total: number } | { kind: 'warn'; message: string };

/**
 * Interprets a list answer. 200 → rows/total. 510 → warn with data (the real 510 data is an object {message}, so its
 * message is shown; a bare string is shown as is). Other codes → warn data.message.
 */
export function interpretListAnswer(body: unknown): ListOutcome {
  const page = okObject(body);
  if (page) {
    const rows = Array.isArray(page.rows) ? (page.rows as Record<string, unknown>[]) : [];
    const total = typeof page.total === 'number' ? page.total : Number(page.total ?? rows.length) || 0;
    return { kind: 'rows', rows, total };
  }
  return { kind: 'warn', message: body && typeof body === 'object' ? answerText(body) : '' };
}

/** Import answer: 200 → success with data (null: caller shows '<file> 文件上传成功'); else a warning with data. */
export function interpretImportAnswer(body: unknown): { kind: 'success' | 'warn'; message: string | null } {
  const text = body && typeof body === 'object' ? answerText(body) : '';
  if (isOk(body)) return { kind: 'success', message: text || null };
  return { kind: 'warn', message: text };
}
