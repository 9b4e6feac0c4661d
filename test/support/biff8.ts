// A one-sheet BIFF8 workbook (.xls) written record by record, its text cells as LABEL records: what large imports are
// tested with. SheetJS's own writer takes over 20 s for 60,000 rows of three cells (its time grows with the square of
// the cells); this takes well under a second. The Workbook stream goes into an OLE compound file with SheetJS's CFB.
import * as XLSX from '@e965/xlsx';

function record(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(body.length, 2);
  return Buffer.concat([head, body]);
}

/** BOF: BIFF8 (0x0600), of the workbook globals (0x0005) or of a worksheet (0x0010). */
function bof(kind: 0x0005 | 0x0010): Buffer {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(0x0600, 0);
  body.writeUInt16LE(kind, 2);
  body.writeUInt16LE(0x0dbb, 4);
  body.writeUInt16LE(0x07cc, 6);
  body.writeUInt32LE(6, 12);
  return record(0x0809, body);
}

const EOF = record(0x000a, Buffer.alloc(0));

/** LABEL: a text cell, its characters one byte each when they all fit (the compressed form), else UTF-16. */
function label(row: number, col: number, text: string): Buffer {
  const wide = [...text].some((char) => char.charCodeAt(0) > 0xff);
  const head = Buffer.alloc(9);
  head.writeUInt16LE(row, 0);
  head.writeUInt16LE(col, 2);
  head.writeUInt16LE(15, 4);
  head.writeUInt16LE(text.length, 6);
  head[8] = wide ? 1 : 0;
  return record(0x0204, Buffer.concat([head, Buffer.from(text, wide ? 'utf16le' : 'latin1')]));
}

/** A workbook of one sheet whose cells are `rows` (null: no cell). */
export function biff8Workbook(rows: (string | null)[][]): Buffer {
  const cells: Buffer[] = [];
  let columns = 0;
  rows.forEach((row, r) =>
    row.forEach((text, c) => {
      if (text === null) return;
      cells.push(label(r, c, text));
      columns = Math.max(columns, c + 1);
    }),
  );
  const dimensions = Buffer.alloc(14);
  dimensions.writeUInt32LE(rows.length, 4);
  dimensions.writeUInt16LE(columns, 10);
  const sheet = Buffer.concat([bof(0x0010), record(0x0200, dimensions), ...cells, EOF]);
  const name = Buffer.from('Sheet1', 'latin1');
  // BOUNDSHEET8: where the sheet's BOF is in the stream (right after the globals), visible, a worksheet, its name.
  const boundSheet = Buffer.alloc(8);
  boundSheet[6] = name.length;
  const globalsLength = bof(0x0005).length + 4 + boundSheet.length + name.length + EOF.length;
  boundSheet.writeUInt32LE(globalsLength, 0);
  const globals = Buffer.concat([bof(0x0005), record(0x0085, Buffer.concat([boundSheet, name])), EOF]);
  const cfb = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(cfb, 'Workbook', Buffer.concat([globals, sheet]));
  return Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer', fileType: 'cfb' }) as Uint8Array);
}
