// The product list's batch tools, pure: 批量编辑's checks and body, and the id lists the tools send.
import type { MessageKey } from '../../lib/i18n/i18n';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Only the fields filled in travel; none filled, or serial and batch both 有, stops with the original's warning. */
export function batchInfoProblem(values: Record<string, unknown>): MessageKey | null {
  if (Object.values(values).every(blank)) return 'product.batchEmpty';
  if (values.enableSerialNumber === '1' && values.enableBatchNumber === '1') return 'product.serialAndBatch';
  return null;
}

/** POST /material/batchUpdate: ids without a trailing comma, `material` a JSON string of the filled fields. */
export function batchInfoBody(
  ids: readonly (string | number)[],
  values: Record<string, unknown>,
): { ids: string; material: string } {
  const filled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!blank(value)) filled[key] = typeof value === 'string' ? value.trim() : value;
  }
  return { ids: ids.join(','), material: JSON.stringify(filled) };
}
