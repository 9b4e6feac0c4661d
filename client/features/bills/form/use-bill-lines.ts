// The lines of a bill form: the grid's state, each change running the money block's recalculation (bill-money.ts).
// A cell keeps the text typed ("12.", "abc") beside the line's number, so numbers are checked as typed (line-checks.ts)
// and nothing typed is dropped; a line's depot asks for its stock there, and `refreshStock` asks again (a scan of a
// line, the form looked at again: another clerk may have sold the last units); a cell a change asks for (a scan, a
// pick, a new line) takes the cursor once the lines render, its value selected.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { FormInstance } from 'antd';
import { loadSettings } from '../../../lib/settings';
import { storage } from '../../../lib/storage';
import { stockOf } from './bill-api';
import type { BillFormKind } from './bill-form-kinds';
import { assemblyTypes, emptyLine, isBlankLine, lineFromDetail, type BillLine } from './bill-lines';
import { num, recalcLine, type AmountCell } from './bill-math';
import { MONEY_FIELDS, moneyAfterLines, moneyOf } from './bill-money';
import { cellProblems } from './line-checks';
import type { ImportedLine } from './import-lines';
import { withTypedSerials } from './serials';
import { textOf } from '../../../lib/text-of';
import { setChangedValues } from '../../../components/form-kit/form-values';

const AMOUNT_CELLS: readonly string[] = ['operNumber', 'unitPrice', 'allPrice', 'taxRate', 'taxLastMoney'];

export interface BillLinesOptions {
  kind: BillFormKind;
  form: FormInstance;
  box: RefObject<HTMLDivElement | null>;
  taxIncluded: boolean;
  /** The settings' 零找零 (the change follows the total): the money block's rule. */
  zeroChange: boolean;
  defaultDepot: string;
}

export function useBillLines({ kind, form, box, taxIncluded, zeroChange, defaultDepot }: BillLinesOptions) {
  const [lines, setLines] = useState<BillLine[]>([]);
  /** Cell text while typed ("12."), keyed line:cell; the line keeps the number. */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  /** The lines as the last change left them, ahead of the render: queued scans build on each other. */
  const linesRef = useRef<BillLine[]>([]);
  const pendingFocus = useRef<{ key: string; cell: string; select: boolean } | null>(null);
  /** The largest quantity a line may hold (settings), read at each opening. */
  const [ceiling, setCeiling] = useState(() => loadSettings(storage).maxLineQuantity);
  const problems = useMemo(() => cellProblems(lines, drafts, ceiling), [lines, drafts, ceiling]);
  const depot = kind.depot ? defaultDepot : '';

  // After the lines render, the cell a scan or a pick asked for takes the cursor (its value selected).
  useLayoutEffect(() => {
    const want = pendingFocus.current;
    if (!want) return;
    const el = box.current?.querySelector<HTMLInputElement>(`[data-line="${want.key}"][data-cell="${want.cell}"]`);
    if (!el) return;
    pendingFocus.current = null;
    el.focus();
    if (want.select) el.select();
  }, [lines, box]);

  /** Once the lines render, the cursor goes to this line's cell. */
  const focusAfterRender = (key: string, cell: string, select: boolean) => {
    pendingFocus.current = { key, cell, select };
  };

  const updateLines = useCallback(
    (next: BillLine[]) => {
      const typed = kind.assembly ? assemblyTypes(next) : next;
      linesRef.current = typed;
      setLines(typed);
      if (kind.money === 'none') return;
      const current = moneyOf(form.getFieldsValue(MONEY_FIELDS as unknown as string[]) as Record<string, unknown>);
      setChangedValues(form, moneyAfterLines(kind, current, typed, zeroChange));
    },
    [form, kind, zeroChange],
  );

  /** A new opening: its lines, no typed text, the ceiling as the settings say now. */
  const start = (shown: BillLine[]) => {
    linesRef.current = shown;
    setCeiling(loadSettings(storage).maxLineQuantity);
    setLines(shown);
    setDrafts({});
  };

  // Nothing typed in that cell: the same drafts (a scan drops its line's quantity text, mostly none).
  const dropDraft = (line: BillLine, cell: string) =>
    setDrafts((d) => {
      if (!(`${line.key}:${cell}` in d)) return d;
      const { [`${line.key}:${cell}`]: _gone, ...rest } = d;
      return rest;
    });

  /** What a cell shows: the text being typed, else the line's value. */
  const shown = (line: BillLine, cell: keyof BillLine): string => drafts[`${line.key}:${cell}`] ?? textOf(line[cell]);

  const setCell = (index: number, cell: keyof BillLine, text: string) => {
    const line = lines[index];
    if (!line) return;
    let next: BillLine;
    if (AMOUNT_CELLS.includes(cell)) {
      setDrafts((d) => ({ ...d, [`${line.key}:${cell}`]: text }));
      const value = text.trim() === '' ? null : num(text);
      next = recalcLine({ ...line, [cell]: value }, cell as AmountCell, taxIncluded);
      if (value === null) next = { ...next, [cell]: null };
    } else if (cell === 'snList' && kind.serials === 'in') {
      // Typed serial numbers: the quantity becomes their count (amounts follow).
      next = withTypedSerials(line, text, taxIncluded);
      dropDraft(line, 'operNumber');
    } else {
      next = { ...line, [cell]: text };
    }
    updateLines(lines.map((l, i) => (i === index ? next : l)));
    if (cell === 'depotId' && line.barCode && text) refreshStock([line.key]);
  };

  /**
   * The stock of these lines (all, without keys) asked again in their depots, once per depot and barcode; the
   * answers land on the lines as they are then (queued scans keep building on them).
   */
  const refreshStock = useCallback((keys?: readonly string[]) => {
    const asked = new Set<string>();
    for (const line of linesRef.current) {
      if (keys && !keys.includes(line.key)) continue;
      if (isBlankLine(line) || !line.barCode || !line.depotId) continue;
      const { depotId, barCode } = line;
      const pair = `${depotId}\n${barCode}`;
      if (asked.has(pair)) continue;
      asked.add(pair);
      void stockOf(depotId, barCode).then(
        (stock) => {
          const next = linesRef.current.map((l) =>
            l.depotId === depotId && l.barCode === barCode && l.stock !== stock ? { ...l, stock } : l,
          );
          if (next.every((l, i) => l === linesRef.current[i])) return;
          linesRef.current = next;
          setLines(next);
        },
        () => undefined,
      );
    }
  }, []);

  /** A line at the end, its barcode cell next (unless `focusKey` is false). */
  const addLine = (focusKey = true) => {
    const last = lines[lines.length - 1];
    const line = emptyLine(kind.depot ? last?.depotId || defaultDepot : '');
    if (focusKey) focusAfterRender(line.key, 'barCode', false);
    updateLines([...lines, line]);
  };

  /** A line removed; the grid keeps one empty line at least. */
  const removeLine = (index: number) => {
    const next = lines.filter((_, i) => i !== index);
    updateLines(next.length > 0 ? next : [emptyLine(depot)]);
  };

  /** 导入明细: the imported lines replace the form's, a line without a depot taking the default one. */
  const takeImported = (rows: ImportedLine[]) => {
    updateLines(rows.map(lineFromDetail).map((l) => (kind.depot && !l.depotId ? { ...l, depotId: defaultDepot } : l)));
  };

  return {
    lines,
    linesRef,
    problems,
    ceiling,
    shown,
    dropDraft,
    setCell,
    updateLines,
    addLine,
    removeLine,
    takeImported,
    focusAfterRender,
    refreshStock,
    start,
  };
}
