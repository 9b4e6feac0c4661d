// Binary Excel workbooks (.xls, BIFF8) as jshERP-boot reads and writes them with jxl (ExcelUtils): the imports read
// the first sheet cell by cell as text, the exports write a title sheet (tip line, header, rows). The bytes are read
// and written by SheetJS (@e965/xlsx, the npm build of SheetJS CE 0.20); this module keeps jxl's view of them.
import { Worker } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/** The first sheet of a workbook as jxl's Sheet and ExcelUtils see it. */
export interface JxlSheet {
  /** Sheet.getRows(): the last row holding a cell (blank formatted cells count), plus one. */
  readonly rows: number;
  /** Sheet.getColumns(). */
  readonly columns: number;
  /** ExcelUtils.getContent: the cell's text, trimmed; null when the row ends before that column. */
  content(row: number, col: number): string | null;
  /** ExcelUtils.getContentNumber: a number cell at full precision (up to 6 decimals), else as content(). */
  contentNumber(row: number, col: number): string | null;
  /** ExcelUtils.getRightRows: the rows less every row after the first that is blank in all columns. */
  rightRows(): number;
}

/** What jxl's Workbook.getWorkbook throws on: not an OLE compound file with a workbook stream. */
export class UnreadableWorkbook extends Error {}

/** Every .xls (BIFF5/BIFF8) is an OLE compound file; jxl reads nothing else (no .xlsx, no CSV, no HTML). */
const OLE_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/** java.lang.String.trim: every character up to U+0020 off both ends. */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** java.text.DecimalFormat("#.###…") of a double: at most `digits` decimals (half-even), no grouping, no exponent. */
export function decimalFormat(value: number, digits: number): string {
  const scale = 10 ** digits;
  const scaled = value * scale;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  // Half-even on the scaled value; the tolerance absorbs binary noise (2.0005 is 2000.4999… once scaled).
  const rounded = Math.abs(diff - 0.5) < 1e-9 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(scaled);
  const text = (rounded / scale).toFixed(digits).replace(/\.?0+$/, '');
  return text === '-0' ? '-0' : text;
}

/** jxl's Cell.getContents(): number cells in General format as DecimalFormat("#.###"), others as Excel shows them. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'z') return '';
  if (cell.t === 'n' && typeof cell.v === 'number' && (cell.z === undefined || cell.z === 'General'))
    return decimalFormat(cell.v, 3);
  if (cell.t === 'b') return cell.v ? 'true' : 'false';
  if (cell.t === 's') return String(cell.v ?? '');
  return cell.w ?? String(cell.v ?? '');
}

/**
 * The BIFF8 format's sheet: 65,536 rows of 256 columns (Excel 97–2003). jxl sizes its cell grid from the sheet's
 * DIMENSIONS record (`new Cell[rows][columns]`, then grown for cells outside it), so a claim beyond this is a file no
 * Excel wrote and one jxl cannot allocate (a negative size, or more than the backend's heap): jxl fails on it, and so
 * does this reader, before anything is sized from the claim.
 */
export const BIFF8_MAX_ROWS = 65_536;
export const BIFF8_MAX_COLUMNS = 256;

/**
 * The first sheet's cells as jxl sees them, in a form that crosses a worker boundary: the sheet's size, each row's
 * length (Sheet.getRow(row).length, blank formatted cells included), and the cells with text, row by row.
 */
export interface XlsCells {
  rows: number;
  columns: number;
  /** Row lengths, indexed by row (rows of no cell are 0). */
  rowLengths: Int32Array;
  /** The cells whose trimmed text is not empty (and number cells), ordered by row then column. */
  cellRows: Int32Array;
  cellColumns: Int32Array;
  /** ExcelUtils.getContent of each of those cells. */
  texts: string[];
  /** ExcelUtils.getContentNumber where it differs (number cells at 6 decimals), else null. */
  numberTexts: (string | null)[];
  /** ExcelUtils.getRightRows. */
  rightRows: number;
}

/**
 * Reads the first sheet of an .xls as jxl does; throws UnreadableWorkbook where jxl throws (BiffException, or a grid it
 * cannot allocate). The work and memory follow the cells present, never the size the file claims.
 */
export function readXlsCells(data: Uint8Array): XlsCells {
  if (data.length < OLE_MAGIC.length || !Buffer.from(data.subarray(0, OLE_MAGIC.length)).equals(OLE_MAGIC)) {
    throw new UnreadableWorkbook('not an OLE compound file');
  }
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(data, {
      type: 'buffer',
      sheets: 0,
      sheetStubs: true,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
    });
  } catch (error) {
    throw new UnreadableWorkbook(error instanceof Error ? error.message : String(error));
  }
  const first = book.SheetNames[0];
  const sheet = first === undefined ? undefined : book.Sheets[first];
  if (!sheet) throw new UnreadableWorkbook('no sheet');
  // The DIMENSIONS record's claim (SheetJS keeps it as !ref), grown by any cell outside it, as jxl grows its grid.
  const claimed = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : null;
  let rows = claimed ? claimed.e.r + 1 : 0;
  let columns = claimed ? claimed.e.c + 1 : 0;
  const present: Array<{ r: number; c: number; cell: XLSX.CellObject }> = [];
  for (const address of Object.keys(sheet)) {
    if (address.startsWith('!')) continue;
    const { r, c } = XLSX.utils.decode_cell(address);
    if (r < 0 || c < 0) continue;
    present.push({ r, c, cell: sheet[address] as XLSX.CellObject });
    if (r >= rows) rows = r + 1;
    if (c >= columns) columns = c + 1;
  }
  if (rows > BIFF8_MAX_ROWS || columns > BIFF8_MAX_COLUMNS) {
    throw new UnreadableWorkbook(`a sheet of ${rows} × ${columns} cells: past the format (65536 × 256)`);
  }
  present.sort((a, b) => a.r - b.r || a.c - b.c);
  const rowLengths = new Int32Array(rows);
  const withText = present.filter(({ r, c, cell }) => {
    if (c + 1 > rowLengths[r]!) rowLengths[r] = c + 1;
    return cell.t === 'n' || javaTrim(cellText(cell)) !== '';
  });
  const cellRows = new Int32Array(withText.length);
  const cellColumns = new Int32Array(withText.length);
  const texts: string[] = [];
  const numberTexts: (string | null)[] = [];
  // getRightRows: every row after the first that is blank in all columns is not counted.
  let rightRows = rows;
  let previousRow = 0;
  withText.forEach(({ r, c, cell }, i) => {
    cellRows[i] = r;
    cellColumns[i] = c;
    const text = javaTrim(cellText(cell));
    texts.push(text);
    numberTexts.push(cell.t === 'n' && typeof cell.v === 'number' ? decimalFormat(cell.v, 6) : null);
    if (text === '') return;
    if (r > previousRow) {
      rightRows -= r - previousRow - 1;
      previousRow = r;
    }
  });
  if (rows > 0) rightRows -= rows - 1 - previousRow;
  return { rows, columns, rowLengths, cellRows, cellColumns, texts, numberTexts, rightRows };
}

/** The jxl view of cells read by readXlsCells (here or in a worker). */
export function sheetOf(cells: XlsCells): JxlSheet {
  const { rows, columns, rowLengths, cellRows, cellColumns, texts, numberTexts } = cells;
  // Where each row's cells begin in the cell arrays (rows + 1 offsets).
  const rowStart = new Int32Array(rows + 1);
  for (let i = 0; i < cellRows.length; i++) rowStart[cellRows[i]! + 1]!++;
  for (let r = 0; r < rows; r++) rowStart[r + 1]! += rowStart[r]!;
  /** The index of the cell with text at (row, col), -1 for an empty one inside the row, -2 past its end. */
  const find = (row: number, col: number): number => {
    if (!(row >= 0 && row < rows && col >= 0 && col < rowLengths[row]!)) return -2;
    for (let i = rowStart[row]!; i < rowStart[row + 1]!; i++) if (cellColumns[i] === col) return i;
    return -1;
  };
  return {
    rows,
    columns,
    content: (row, col) => {
      const i = find(row, col);
      return i === -2 ? null : i === -1 ? '' : texts[i]!;
    },
    contentNumber: (row, col) => {
      const i = find(row, col);
      return i === -2 ? null : i === -1 ? '' : (numberTexts[i] ?? texts[i]!);
    },
    rightRows: () => cells.rightRows,
  };
}

/** Reads the first sheet of an .xls as jxl does, on this thread (the exports read back in tests). */
export function readXls(data: Buffer): JxlSheet {
  return sheetOf(readXlsCells(data));
}

/** One sheet of an export: ExcelUtils' tip line (row 0), the header (row 1), then the rows. */
export interface XlsSheet {
  name: string;
  tip?: string;
  head: string[];
  rows: unknown[][];
}

/** ExcelUtils.exportObjectsOneSheet / exportObjectsManySheet: numbers stay numbers, null is an empty text cell. */
export function writeXls(sheets: XlsSheet[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    const cell = (v: unknown): string | number =>
      typeof v === 'number' && Number.isFinite(v) ? v : v === null || v === undefined ? '' : String(v);
    const lines = [[sheet.tip ?? ''], sheet.head, ...sheet.rows.map((r) => r.map(cell))];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(lines), sheet.name.slice(0, 31) || 'Sheet1');
  }
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

/** What a workbook may cost to read off the event loop (readXlsOffThread). */
export interface XlsReadLimits {
  /** The worker is ended after this, and the workbook refused. */
  timeMs: number;
  /** Its V8 heap; a workbook that needs more ends it (refused). */
  heapMb: number;
  /** Workbooks read at once; more wait their turn. */
  concurrent: number;
  /** Workbooks waiting at most; more are refused. */
  queued: number;
}

export const XLS_READ_LIMITS: XlsReadLimits = { timeMs: 20_000, heapMb: 384, concurrent: 2, queued: 16 };

let reading = 0;
const waiting: Array<() => void> = [];

/**
 * readXlsCells in a worker thread, within `limits`: the event loop stays free while a large workbook is read, and a
 * workbook that takes too long or too much memory ends its worker and is refused (UnreadableWorkbook), as jxl fails on
 * what it cannot read or allocate.
 */
export async function readXlsOffThread(data: Buffer, limits: XlsReadLimits = XLS_READ_LIMITS): Promise<JxlSheet> {
  if (reading >= limits.concurrent) {
    if (waiting.length >= limits.queued) throw new UnreadableWorkbook('too many workbooks being read');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  reading++;
  try {
    return sheetOf(await readInWorker(data, limits));
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

/** A reader thread between workbooks, and the heap it was started with. */
interface IdleReader {
  worker: Worker;
  heapMb: number;
  timer: NodeJS.Timeout;
}

/** Readers that finished a workbook, kept for the next one: starting a thread and loading SheetJS into it was most of
 *  a small workbook's read. One that failed or ran out of time or memory is ended, never kept. */
const idleReaders: IdleReader[] = [];
/** A kept reader ends after this long without a workbook (its heap holds SheetJS). */
const READER_IDLE_MS = 30_000;

function takeReader(limits: XlsReadLimits): Worker {
  const index = idleReaders.findIndex((idle) => idle.heapMb === limits.heapMb);
  if (index >= 0) {
    const { worker, timer } = idleReaders.splice(index, 1)[0]!;
    clearTimeout(timer);
    worker.removeAllListeners('exit');
    worker.ref();
    return worker;
  }
  // Resolved next to this file: xls-worker.ts from the sources (tsx), xls-worker.js from the build.
  return new Worker(new URL('./xls-worker.js', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
  });
}

function keepReader(worker: Worker, limits: XlsReadLimits): void {
  if (idleReaders.length >= limits.concurrent) {
    void worker.terminate();
    return;
  }
  const idle: IdleReader = {
    worker,
    heapMb: limits.heapMb,
    timer: setTimeout(() => {
      idleReaders.splice(idleReaders.indexOf(idle), 1);
      void worker.terminate();
    }, READER_IDLE_MS).unref(),
  };
  worker.once('exit', () => {
    clearTimeout(idle.timer);
    const at = idleReaders.indexOf(idle);
    if (at >= 0) idleReaders.splice(at, 1);
  });
  // A kept reader holds the process open no more than a timer does.
  worker.unref();
  idleReaders.push(idle);
}

function readInWorker(data: Buffer, limits: XlsReadLimits): Promise<XlsCells> {
  return new Promise((resolve, reject) => {
    const worker = takeReader(limits);
    let settled = false;
    const settle = (outcome: () => void, healthy: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.removeAllListeners('message');
      worker.removeAllListeners('error');
      worker.removeAllListeners('exit');
      if (healthy) keepReader(worker, limits);
      else void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new UnreadableWorkbook(`not read within ${limits.timeMs} ms`)), false),
      limits.timeMs,
    );
    worker.once('message', (message: { cells?: XlsCells; unreadable?: boolean; message?: string }) =>
      settle(() => {
        if (message.cells) resolve(message.cells);
        else if (message.unreadable) reject(new UnreadableWorkbook(message.message ?? 'unreadable'));
        else reject(new Error(message.message));
      }, true),
    );
    // ERR_WORKER_OUT_OF_MEMORY among them: the workbook needed more than the worker's heap.
    worker.once('error', (error: Error) => settle(() => reject(new UnreadableWorkbook(error.message)), false));
    worker.once('exit', (code) => settle(() => reject(new UnreadableWorkbook(`the reader ended (${code})`)), false));
    worker.postMessage(new Uint8Array(data));
  });
}
