// The worker that reads an uploaded workbook (xls.ts readXlsOffThread): SheetJS's parse and the cell walk run here, so
// a workbook that takes long or needs much memory costs this thread, which the caller ends, never the event loop that
// serves every tenant and the gateway.
import { parentPort } from 'node:worker_threads';
import { readXlsCells, UnreadableWorkbook } from './xls.js';

// SheetJS warns on console about odd records: silenced, the gateway's stdout is its JSON log. (Not by piping the
// thread's stdout: a piped stream holds the process open even once the kept thread is unref'd.)
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[method] = () => undefined;

// One workbook a message: the thread is kept for the next one while its reads go well (xls.ts).
parentPort!.on('message', (data: Uint8Array) => {
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
});
