// Serial and batch numbers on a line, without React: the serial list as typed or picked (， accepted), a picked
// list or batch applied to the line as the original does (quantity follows), a scanned serial number, and the count
// rule checked before a save.
import { num, recalcLine } from './bill-math';
import {
  emptyLine,
  isBlankLine,
  lineFromMaterial,
  type BillLine,
  type MaterialHit,
  type ScanResult,
} from './bill-lines';

/** The serial numbers of a snList text: split on , or ，, trimmed, empties dropped. */
export function serialsOf(text: string): string[] {
  return text
    .replaceAll('，', ',')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Serials picked from stock: the line lists them and its quantity becomes their count (amounts follow). */
export function withSerials(line: BillLine, serials: readonly string[], taxIncluded: boolean): BillLine {
  const next = { ...line, snList: serials.join(',') };
  return serials.length === 0 ? next : recalcLine({ ...next, operNumber: serials.length }, 'operNumber', taxIncluded);
}

/**
 * A batch picked from stock: the line takes its number and expiry, and as quantity the batch's stock — capped by
 * what is left of a linked line (原数量 − 已完成).
 */
export function withBatch(
  line: BillLine,
  batch: { batchNumber: string; expirationDateStr: string; totalNum: number },
  taxIncluded: boolean,
): BillLine {
  const pre = num(line.preNumber);
  const left = pre - num(line.finishNumber);
  const operNumber = pre > 0 ? Math.min(batch.totalNum, left) : batch.totalNum;
  return recalcLine(
    { ...line, batchNumber: batch.batchNumber, expirationDate: batch.expirationDateStr, operNumber },
    'operNumber',
    taxIncluded,
  );
}

/** The first line whose serial numbers do not match its quantity (the backend would refuse it, 8500021); null when none. */
export function serialCountMismatch(lines: readonly BillLine[]): BillLine | null {
  return (
    lines.find(
      (l) =>
        !isBlankLine(l) &&
        l.enableSerialNumber &&
        l.snList.trim() !== '' &&
        serialsOf(l.snList).length !== num(l.operNumber),
    ) ?? null
  );
}

/** The stored depot-item id behind a loaded line (its key), '' for a line added in this form. */
export function depotItemIdOf(line: BillLine): string {
  return /^\d+$/.test(line.key) ? line.key : '';
}

/**
 * A serial number scanned on an out-bill (the look-up answered its product): a new line of that product, quantity 1,
 * carrying the number — in place of a trailing empty line. null when a line already carries it.
 */
export function scanSerial(
  lines: readonly BillLine[],
  hit: MaterialHit,
  serial: string,
  defaultDepot: string,
  taxIncluded: boolean,
): ScanResult | null {
  if (lines.some((l) => serialsOf(l.snList).includes(serial))) return null;
  const last = lines[lines.length - 1];
  const reuse = last !== undefined && isBlankLine(last);
  const kept = reuse ? lines.slice(0, -1) : [...lines];
  const base = reuse ? last : emptyLine(defaultDepot);
  const line = {
    ...lineFromMaterial(hit, { ...base, depotId: base.depotId || defaultDepot }, taxIncluded),
    snList: serial,
  };
  return { lines: [...kept, line], index: kept.length };
}

/** Serial numbers typed on an inbound line: the text stays as typed and, when it lists any, the quantity is their count. */
export function withTypedSerials(line: BillLine, text: string, taxIncluded: boolean): BillLine {
  const count = serialsOf(text).length;
  const next = { ...line, snList: text };
  return count === 0 ? next : recalcLine({ ...next, operNumber: count }, 'operNumber', taxIncluded);
}
