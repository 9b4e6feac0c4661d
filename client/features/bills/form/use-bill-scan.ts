// The scan field of a bill form: each Enter queues its code and clears the field at once, and the codes are looked up
// one after the other on the latest lines, so a scan gun's burst lands line by line (a new line at quantity 1, one
// more on a line with that barcode, a serial number scanned on an out-bill a line carrying it). Each scan beeps and
// flashes its outcome beside the field and on its line. F2 edits the quantity of the line in hand (the focused or the
// last scanned) and Enter in the quantity a scan put the cursor in comes back to scanning; Enter in the empty field
// leaves the grid.
import { useRef, useState, type RefObject } from 'react';

import { useT } from '../../../lib/i18n/use-t';
import { primeScanAudio, scanBeep } from '../../../lib/scan-beep';
import { materialByBarCode } from './bill-api';
import type { BillFormKind } from './bill-form-kinds';
import { applyScan, isBlankLine, type BillLine } from './bill-lines';
import { scanSerial } from './serials';
import { useAppFeedback } from '../../../lib/app-feedback';

export interface ScanFlash {
  found: boolean;
  text: string;
  /** The line it touched ('' when none). */
  key: string;
  seq: number;
}

export interface BillScanOptions {
  kind: BillFormKind;
  box: RefObject<HTMLDivElement | null>;
  /** The lines as the last change left them, ahead of the render: queued scans build on each other. */
  linesRef: RefObject<BillLine[]>;
  updateLines: (next: BillLine[]) => void;
  /** A scan sets the line's quantity: its typed text goes. */
  dropQuantityText: (line: BillLine) => void;
  defaultDepot: string;
  taxIncluded: boolean;
  /** The party chosen on the form (prices are the party's). */
  organId: () => string;
  /** Enter in the empty scan field: done scanning, on to the money block. */
  leaveGrid: () => void;
  /** A scan that adds to a line already there asks for that line's stock again (it may have gone meanwhile). */
  refreshStock: (keys: readonly string[]) => void;
}

export function useBillScan({
  kind,
  box,
  linesRef,
  updateLines,
  dropQuantityText,
  defaultDepot,
  taxIncluded,
  organId,
  leaveGrid,
  refreshStock,
}: BillScanOptions) {
  const t = useT();
  const { message } = useAppFeedback();
  const [flashed, setFlashed] = useState<ScanFlash | null>(null);
  const flashSeq = useRef(0);
  /** Scans run one after the other, in the order their Enter came (a scan gun sends the next code at once). */
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** The line a scan put the cursor in: Enter in its quantity goes back to the scan field for the next barcode. */
  const returnTo = useRef<string | null>(null);
  const fieldBox = useRef<HTMLDivElement>(null);
  const depot = kind.depot ? defaultDepot : '';

  const flash = (found: boolean, shown: string, key = '') => {
    scanBeep(found);
    setFlashed({ found, text: shown, key, seq: ++flashSeq.current });
  };

  /** One scanned code: add or increment its line; the scan field keeps the cursor for the next code. */
  const scanOne = async (code: string) => {
    try {
      const hits = await materialByBarCode(kind, code, organId(), '');
      if (hits.length === 0) {
        flash(false, `${code}: ${t('bill.barCodeUnknown')}`);
        message.warning(t('bill.barCodeUnknown'));
        return;
      }
      const hit = hits[0]!;
      const current = linesRef.current;
      // On out-bills a scanned serial number (the answer's barcode differs from the scan) is a line carrying it.
      const result =
        kind.serials === 'out' && String(hit.mBarCode ?? '') !== code
          ? scanSerial(current, hit, code, depot, taxIncluded)
          : applyScan(current, hit, depot, taxIncluded);
      if (!result) {
        flash(false, `${code}: ${t('serialPicker.scannedTwice')}`);
        message.warning(t('serialPicker.scannedTwice'));
        return;
      }
      const line = result.lines[result.index]!;
      // F2 edits this line's quantity.
      returnTo.current = line.key;
      dropQuantityText(line);
      updateLines(result.lines);
      // A new line came with the stock the look-up read; one already there holds what was read back then.
      if (current.some((l) => l.key === line.key)) refreshStock([line.key]);
      flash(true, `${line.name} × ${String(line.operNumber ?? '')}`, line.key);
    } catch {
      // Reported by the HTTP client.
    }
  };

  /** Enter in the scan field: the code is queued (the field clears itself, ready for the next one). */
  const scan = (typed: string) => {
    const code = typed.trim();
    if (!code) {
      leaveGrid();
      return;
    }
    queue.current = queue.current.then(() => scanOne(code));
    primeScanAudio();
  };

  /** F2: the cursor to the quantity of the line in hand (the focused line, else the last scanned), its value selected. */
  const editQuantity = (from?: HTMLElement) => {
    const key =
      from?.dataset.line ?? returnTo.current ?? [...linesRef.current].reverse().find((l) => !isBlankLine(l))?.key;
    const el = key
      ? box.current?.querySelector<HTMLInputElement>(`[data-line="${key}"][data-cell="operNumber"]`)
      : null;
    if (!el) return;
    returnTo.current = key ?? null;
    el.focus();
    el.select();
  };

  const focusField = () => fieldBox.current?.querySelector('input')?.focus();

  /** Enter in the quantity a scan put the cursor in: back to scanning (true when it was that quantity). */
  const backToScanning = (el: HTMLElement): boolean => {
    if (el.dataset.cell !== 'operNumber' || returnTo.current !== el.dataset.line) return false;
    returnTo.current = null;
    focusField();
    return true;
  };

  /** A new opening: no flash (the scan field is a new one, empty). */
  const reset = () => {
    setFlashed(null);
  };

  return { flashed, scan, editQuantity, focusField, backToScanning, fieldBox, reset };
}
