// The worker that reads an uploaded workbook (xls.ts readXlsOffThread): SheetJS's parse and the cell walk run here, so
// a workbook that takes long or needs much memory costs this thread, which the caller ends, never the event loop that
// serves every tenant and the gateway.
import { parentPort, workerData } from 'node:worker_threads';
import { readXlsCells, UnreadableWorkbook } from './xls.js';

const data = workerData as Uint8Array;
try {
  const cells = readXlsCells(data);
  parentPort!.postMessage({ cells }, [
    cells.rowLengths.buffer as ArrayBuffer,
    cells.cellRows.buffer as ArrayBuffer,
    cells.cellColumns.buffer as ArrayBuffer,
  ]);
} catch (error) {
  parentPort!.postMessage({
    unreadable: error instanceof UnreadableWorkbook,
    message: error instanceof Error ? error.message : String(error),
  });
}
