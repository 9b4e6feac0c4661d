// What is wrong with the lines' numbers, without React, under the one number rule (lib/number-rule.ts): text that is
// no number in an amount cell, a quantity that is not above 0, one that looks like a scanned barcode (a scan gun's code
// landed in 数量), one above the shop's ceiling, a negative price or amount, a tax rate outside 0–100, a barcode-looking
// run of digits typed into a price. The form marks each cell and refuses the save with the first; nothing typed is
// dropped or turned into 0.
import type { AmountCell } from './bill-math';
import { isBlankLine, type BillLine } from './bill-lines';
import type { MessageKey, MessageParams } from '../../../lib/i18n/i18n';
import {
  looksLikeBarcode as barcodeDigits,
  NOT_NEGATIVE,
  NUMBER_TEXT,
  numberRefusal,
  PERCENT,
  refusalText,
  type NumberLimits,
} from '../../../lib/number-rule';

export type CellRule =
  | 'entry.rule.notNumber'
  | 'entry.rule.quantityPositive'
  | 'entry.rule.quantityBarcode'
  | 'entry.rule.quantityCeiling'
  | 'entry.rule.cellProblem';

export interface CellProblem {
  /** The line's key and its row (0-based). */
  key: string;
  index: number;
  cell: AmountCell;
  rule: CellRule;
  /** entry.rule.cellProblem: the field rule's own words (不能小于 0, 像是条码…). */
  reason?: { key: MessageKey; params?: MessageParams };
}

const AMOUNT_CELLS: readonly AmountCell[] = ['operNumber', 'unitPrice', 'allPrice', 'taxRate', 'taxLastMoney'];

/** The limits of the money cells: prices and amounts are never negative, a tax rate is a percentage. */
const CELL_LIMITS: Record<Exclude<AmountCell, 'operNumber'>, NumberLimits> = {
  unitPrice: NOT_NEGATIVE,
  allPrice: NOT_NEGATIVE,
  taxRate: PERCENT,
  taxLastMoney: NOT_NEGATIVE,
};

/** Does this quantity text look like a barcode: a code of a line in the bill, or a long run of digits. */
export function looksLikeBarcode(text: string, lines: readonly BillLine[]): boolean {
  const typed = text.trim();
  if (typed === '') return false;
  if (lines.some((l) => l.barCode !== '' && l.barCode === typed)) return true;
  return barcodeDigits(typed);
}

/**
 * Every cell problem, in grid order. `drafts` holds the text of cells being typed (keyed `line:cell`), which wins
 * over the line's number; `ceiling` is the largest quantity a line may hold. What was typed is judged as typed (a
 * barcode-looking price, too many decimals); a number the form computed or read (an amount, a product's price) only
 * by its range.
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
      if (text.trim() === '') continue;
      if (cell === 'operNumber') {
        if (isBlankLine(line)) continue;
        const value = Number(text);
        if (value <= 0) out.push({ key: line.key, index, cell, rule: 'entry.rule.quantityPositive' });
        else if (looksLikeBarcode(text, lines))
          out.push({ key: line.key, index, cell, rule: 'entry.rule.quantityBarcode' });
        else if (value > ceiling) out.push({ key: line.key, index, cell, rule: 'entry.rule.quantityCeiling' });
        else {
          const refusal = numberRefusal(draft ?? value);
          if (refusal)
            out.push({ key: line.key, index, cell, rule: 'entry.rule.cellProblem', reason: refusalText(refusal) });
        }
        continue;
      }
      // A negative price makes its amounts negative too: the typed cell is the one marked.
      if (draft === undefined && out.some((p) => p.key === line.key)) continue;
      const limits = CELL_LIMITS[cell];
      const refusal = numberRefusal(draft ?? Number(text), limits);
      if (refusal)
        out.push({ key: line.key, index, cell, rule: 'entry.rule.cellProblem', reason: refusalText(refusal, limits) });
    }
  });
  return out;
}
