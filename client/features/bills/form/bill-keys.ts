// The stock bill form's keys on the form kit's model (form-keys.ts): Enter walks every field and cell; the last cell
// of a filled last line adds a line, while the last cell of an empty one (and Enter on its barcode, or Ctrl+↓
// anywhere) leaves the grid for the money block, and Tab there adds none; Ctrl+↑ goes back to the scan field; F2
// edits the quantity of the line in hand; F4 on a barcode cell opens the product picker; 备注's Enter walks on
// (Shift+Enter its newline); a typed 单据日期 is kept. A barcode cell resolves its Enter itself (data-enter="own").
import type { KeyboardEvent, RefObject } from 'react';
import type { Dayjs } from 'dayjs';
import { fieldControls, focusNext, type FormKeys } from '../../../components/form-kit/form-keys';
import { isBlankLine, type BillLine } from './bill-lines';
import { TIME_FORMAT } from './bill-save';

/** Out of the grid, forward: the first control after `marker` (the money block, else 备注). */
export function focusAfter(box: HTMLElement | null, marker: HTMLElement | null): void {
  if (!marker) return;
  const next = fieldControls(box).find((el) =>
    Boolean(marker.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
  next?.focus();
}

export interface BillKeyParts {
  box: RefObject<HTMLElement | null>;
  lines: readonly BillLine[];
  /** A bill taken over from another: its lines' products are fixed. */
  linesLocked: boolean;
  leaveGrid: () => void;
  addLine: () => void;
  openPicker: (index: number, query: string) => void;
  /** A barcode typed into a line's cell: the line takes the product (unknown text opens the picker). */
  resolveLine: (index: number, code: string) => void;
  scan: {
    editQuantity: (from?: HTMLElement) => void;
    focusField: () => void;
    backToScanning: (el: HTMLElement) => boolean;
  };
  takeDate: (date: Dayjs) => void;
}

export function billKeys(p: BillKeyParts): Omit<FormKeys, 'save' | 'requestClose'> {
  return {
    textareaWalks: true,
    typedDate: { format: TIME_FORMAT, take: p.takeDate },
    onKey: (e: KeyboardEvent<HTMLElement>, el: HTMLElement) => {
      const key = e.key.toLowerCase();
      if (e.ctrlKey && (key === 'arrowdown' || key === 'arrowup')) {
        e.preventDefault();
        e.stopPropagation();
        if (key === 'arrowdown') p.leaveGrid();
        else p.scan.focusField();
        return true;
      }
      if (key === 'f2') {
        e.preventDefault();
        p.scan.editQuantity(el.dataset.line ? el : undefined);
        return true;
      }
      if (key === 'f4' && el.dataset.cell === 'barCode' && !p.linesLocked) {
        e.preventDefault();
        const index = p.lines.findIndex((l) => l.key === el.dataset.line);
        const typed = (el as HTMLInputElement).value.trim();
        if (index >= 0) p.openPicker(index, typed === p.lines[index]!.barCode ? '' : typed);
        return true;
      }
      return false;
    },
    onEnter: (el) => p.scan.backToScanning(el),
    // The last cell of the last line: a new line, its barcode cell next — unless that line is still empty, when
    // Enter goes on to the money block and Tab keeps its own order (no empty lines piling up).
    onLineEnd: (el, key) => {
      const last = p.lines[p.lines.length - 1];
      if (!last || el.dataset.line !== last.key || p.linesLocked) return null;
      if (isBlankLine(last)) {
        if (key === 'tab') return null;
        p.leaveGrid();
      } else {
        p.addLine();
      }
      return 'taken';
    },
  };
}

/** Enter in a line's barcode cell: resolve what was typed, leave the grid from an empty line, else the picker. */
export function barCodeEnter(p: BillKeyParts, index: number, e: KeyboardEvent<HTMLInputElement>): void {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const line = p.lines[index];
  if (!line) return;
  e.preventDefault();
  if (p.linesLocked) {
    focusNext(p.box.current, e.currentTarget);
    return;
  }
  const typed = e.currentTarget.value.trim();
  if (typed && typed !== line.barCode) p.resolveLine(index, typed);
  // An empty new line below filled ones: the lines are done, on to the money block (F4 opens the picker here).
  else if (!typed && isBlankLine(line) && p.lines.some((l) => !isBlankLine(l))) p.leaveGrid();
  else if (!typed) p.openPicker(index, '');
  else focusNext(p.box.current, e.currentTarget);
}
