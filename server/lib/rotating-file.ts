// LOG_FILE: log lines appended to one file, which is renamed aside when the next line would take it past
// LOG_FILE_MAX_SIZE, as logrotate does: gateway.log is always the current file, gateway.1.log the one before, …,
// up to LOG_FILE_KEEP old files. A few lines of our own instead of pino-roll, which brought date-fns (28 MB).
// Writes are synchronous like pino's own file destination: a line is in the file when the call returns, so a crash
// loses nothing, and an access line is one small write.
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';

export interface RotatingFileOptions {
  path: string;
  maxBytes: number;
  /** Old files kept besides the current one. */
  keep: number;
  /** A write or rotation that failed (disk full, file removed with its directory): the line is dropped, the gateway
   *  goes on. Called once per run of failures. */
  onError?: (err: NodeJS.ErrnoException) => void;
}

export interface RotatingFile {
  /** pino's DestinationStream. */
  write(line: string): void;
  end(): void;
}

/** The name of the n-th old file: gateway.log → gateway.1.log (no extension: gateway → gateway.1). */
export function rotatedName(path: string, n: number): string {
  const ext = extname(path);
  return join(dirname(path), `${basename(path, ext)}.${n}${ext}`);
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/**
 * Opens (creating its directory and the file) for appending. Throws the system error (EACCES, EISDIR, ENOTDIR, …)
 * at once, so a bad LOG_FILE stops the start instead of losing every line later.
 */
export function openRotatingFile(options: RotatingFileOptions): RotatingFile {
  const path = resolve(options.path);
  mkdirSync(dirname(path), { recursive: true });
  let fd: number | null = openSync(path, 'a');
  let size = fstatSync(fd).size;
  let failing = false;
  let ended = false;

  const fail = (err: unknown): void => {
    if (!failing) options.onError?.(err as NodeJS.ErrnoException);
    failing = true;
  };

  const rotate = (): void => {
    if (fd !== null) closeSync(fd);
    fd = null;
    rmSync(rotatedName(path, options.keep), { force: true });
    for (let n = options.keep - 1; n >= 0; n--)
      renameIfThere(n === 0 ? path : rotatedName(path, n), rotatedName(path, n + 1));
    fd = openSync(path, 'a');
    size = 0;
  };

  return {
    write(line: string): void {
      if (ended) return;
      const bytes = Buffer.from(line);
      try {
        if (fd === null || (size > 0 && size + bytes.length > options.maxBytes)) rotate();
        let written = 0;
        while (written < bytes.length) written += writeSync(fd as number, bytes, written);
        size += bytes.length;
        failing = false;
      } catch (err) {
        fail(err);
        if (fd === null) {
          // The rename or the reopen failed: keep appending where we can, and try to rotate again next time.
          try {
            fd = openSync(path, 'a');
            size = fstatSync(fd).size;
          } catch {
            // nothing to write to; the next line tries again
          }
        }
      }
    },
    end(): void {
      ended = true;
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
