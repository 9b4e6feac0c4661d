// What is wrong with the lines' numbers, without React: text that is no number in an amount cell, a quantity that is
// not above 0, one that looks like a scanned barcode (a scan gun's code landed in 数量), one above the shop's ceiling.
// The form marks each cell and refuses the save with the first; nothing typed is dropped or turned into 0.
import type { AmountCell } from './bill-math';
import { isBlankLine, type BillLine } from './bill-lines';

/** A number as a cell accepts it: digits with an optional sign and decimal point ("12." while typing), no exponent. */
export const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Digits only, this long or longer: an EAN-8/EAN-13/UPC or a shop's own code, not a count. */
const BARCODE_DIGITS = 8;

export type CellRule =
  'entry.rule.notNumber' | 'entry.rule.quantityPositive' | 'entry.rule.quantityBarcode' | 'entry.rule.quantityCeiling';

export interface CellProblem {
  /** The line's key and its row (0-based). */
  key: string;
  index: number;
  cell: AmountCell;
  rule: CellRule;
}

const AMOUNT_CELLS: readonly AmountCell[] = ['operNumber', 'unitPrice', 'allPrice', 'taxRate', 'taxLastMoney'];

/** Does this quantity text look like a barcode: a code of a line in the bill, or a long run of digits. */
export function looksLikeBarcode(text: string, lines: readonly BillLine[]): boolean {
  const typed = text.trim();
  if (typed === '') return false;
  if (lines.some((l) => l.barCode !== '' && l.barCode === typed)) return true;
  return /^\d+$/.test(typed) && typed.length >= BARCODE_DIGITS;
}

/**
 * Every cell problem, in grid order. `drafts` holds the text of cells being typed (keyed `line:cell`), which wins
 * over the line's number; `ceiling` is the largest quantity a line may hold.
 */
export function cellProblems(
  lines: readonly BillLine[],
  drafts: Readonly<Record<string, string>>,
  ceiling: number,
): CellProblem[] {
  const out: CellProblem[] = [];
  lines.forEach((line, index) => {
    for (const cell of AMOUNT_CELLS) {
      const draft = drafts[`${line.key}:${cell}`];
      const text = draft ?? (line[cell] === null ? '' : String(line[cell]));
      if (text.trim() !== '' && !NUMBER_TEXT.test(text.trim())) {
        out.push({ key: line.key, index, cell, rule: 'entry.rule.notNumber' });
        continue;
      }
      if (cell !== 'operNumber' || isBlankLine(line) || text.trim() === '') continue;
      const value = Number(text);
      if (value <= 0) out.push({ key: line.key, index, cell, rule: 'entry.rule.quantityPositive' });
      else if (looksLikeBarcode(text, lines))
        out.push({ key: line.key, index, cell, rule: 'entry.rule.quantityBarcode' });
      else if (value > ceiling) out.push({ key: line.key, index, cell, rule: 'entry.rule.quantityCeiling' });
    }
  });
  return out;
}
