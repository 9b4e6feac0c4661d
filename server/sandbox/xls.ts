// Binary Excel workbooks (.xls, BIFF8) as jshERP-boot reads and writes them with jxl (ExcelUtils): the imports read
// the first sheet cell by cell as text, the exports write a title sheet (tip line, header, rows). The bytes are read
// and written by SheetJS (@e965/xlsx, the npm build of SheetJS CE 0.20); this module keeps jxl's view of them.
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

/** Reads the first sheet of an .xls as jxl does; throws UnreadableWorkbook where jxl throws BiffException. */
export function readXls(data: Buffer): JxlSheet {
  if (data.length < OLE_MAGIC.length || !data.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) {
    throw new UnreadableWorkbook('not an OLE compound file');
  }
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(data, {
      type: 'buffer',
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
  const range = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : null;
  const rows = range ? range.e.r + 1 : 0;
  const columns = range ? range.e.c + 1 : 0;
  const at = (row: number, col: number): XLSX.CellObject | undefined =>
    sheet[XLSX.utils.encode_cell({ r: row, c: col })] as XLSX.CellObject | undefined;
  // Sheet.getRow(row).length: up to the row's last cell.
  const rowLength: number[] = Array<number>(rows).fill(0);
  for (let r = 0; r < rows; r++) {
    for (let c = columns - 1; c >= 0; c--) {
      if (at(r, c) !== undefined) {
        rowLength[r] = c + 1;
        break;
      }
    }
  }
  const inRow = (row: number, col: number): boolean =>
    row >= 0 && row < rows && col >= 0 && col < (rowLength[row] ?? 0);
  return {
    rows,
    columns,
    content: (row, col) => (inRow(row, col) ? javaTrim(cellText(at(row, col))) : null),
    contentNumber: (row, col) => {
      if (!inRow(row, col)) return null;
      const cell = at(row, col);
      return cell?.t === 'n' && typeof cell.v === 'number' ? decimalFormat(cell.v, 6) : javaTrim(cellText(cell));
    },
    rightRows: () => {
      let right = rows;
      for (let r = 1; r < rows; r++) {
        let blank = 0;
        for (let c = 0; c < columns; c++) if (javaTrim(cellText(at(r, c))) === '') blank++;
        if (blank >= columns) right--;
      }
      return right;
    },
  };
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
