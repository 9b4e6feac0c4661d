// Batch actions and list answers of JeecgListMixin.

/** Selected keys comma-joined with the original's trailing comma: 'a,b,'. */
export function joinIds(keys: readonly (string | number)[]): string {
  return keys.map((k) => `${k},`).join('');
}

export type ListOutcome =
  | { kind: 'rows'; rows: Record<string, unknown>[]; total: number }
  | { kind: 'warn'; message: string };

/**
 * Interprets a list answer. 200 → rows/total. 510 → warn with data (the real 510 data is an object {message}, so its
 * message is shown; a bare string is shown as is). Other codes → warn data.message.
 */
export function interpretListAnswer(body: unknown): ListOutcome {
  const b = (body ?? {}) as { code?: unknown; data?: unknown };
  const data = b.data as { rows?: unknown; total?: unknown; message?: unknown } | string | null | undefined;
  if (b.code === 200 && data && typeof data === 'object') {
    const rows = Array.isArray(data.rows) ? (data.rows as Record<string, unknown>[]) : [];
    const total = typeof data.total === 'number' ? data.total : Number(data.total ?? rows.length) || 0;
    return { kind: 'rows', rows, total };
  }
  if (typeof data === 'string') return { kind: 'warn', message: data };
  const message = data && typeof data === 'object' && data.message != null ? String(data.message) : '';
  return { kind: 'warn', message };
}

/** Import answer: 200 → success with data (null: caller shows '<file> 文件上传成功'); else a warning with data. */
export function interpretImportAnswer(body: unknown):
  { kind: 'success' | 'warn'; message: string | null } {
  const b = (body ?? {}) as { code?: unknown; data?: unknown };
  const text = typeof b.data === 'string' ? b.data
    : b.data && typeof b.data === 'object' && 'message' in b.data ? String((b.data as { message: unknown }).message) : '';
  if (b.code === 200) return { kind: 'success', message: text || null };
  return { kind: 'warn', message: text };
}
