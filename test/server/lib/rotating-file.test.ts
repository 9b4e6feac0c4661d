// LOG_FILE's rotating file: every line lands whole in the current file or an old one, the current file is the
// configured name, old files are numbered newest first and only LOG_FILE_KEEP are kept; a path that cannot be
// appended to fails at open; a failing write drops its line, reports once and does not throw.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openRotatingFile, rotatedName } from '../../../server/lib/rotating-file.js';

const line = (n: number): string => `${JSON.stringify({ n, msg: 'x'.repeat(90) })}\n`; // 110 bytes or so

t.test('rotates by size, newest old file first, LOG_FILE_KEEP old files kept', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rotating-'));
  const path = join(dir, 'logs', 'gateway.log');
  const file = openRotatingFile({ path, maxBytes: 1024, keep: 2 });
  t.same(readdirSync(join(dir, 'logs')), ['gateway.log'], 'the directory and the file are made at open');
  for (let n = 0; n < 40; n++) file.write(line(n));
  file.end();
  file.write(line(99));

  t.same(readdirSync(join(dir, 'logs')).sort(), ['gateway.1.log', 'gateway.2.log', 'gateway.log']);
  const read = (p: string) =>
    readFileSync(p, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).n as number);
  const current = read(path);
  const one = read(rotatedName(path, 1));
  const two = read(rotatedName(path, 2));
  t.equal(current.at(-1), 39, 'the current file ends with the last line');
  t.equal(one.at(-1), (current[0] ?? 0) - 1, 'gateway.1.log holds the lines just before');
  t.equal(two.at(-1), (one[0] ?? 0) - 1, 'gateway.2.log the ones before those');
  for (const p of [path, rotatedName(path, 1), rotatedName(path, 2)]) {
    t.ok(readFileSync(p).length <= 1024, `${p} is within the size`);
  }
  t.notOk(current.includes(99), 'nothing is written after end()');
});

t.test('appends to an existing file and counts its size', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rotating-'));
  const path = join(dir, 'gateway.log');
  writeFileSync(path, 'x'.repeat(1000) + '\n');
  const file = openRotatingFile({ path, maxBytes: 1024, keep: 1 });
  file.write(line(1));
  file.end();
  t.equal(readFileSync(rotatedName(path, 1), 'utf8'), 'x'.repeat(1000) + '\n', 'the earlier content was rotated whole');
  t.equal(readFileSync(path, 'utf8'), line(1));
  t.equal(rotatedName('/var/log/gateway', 3), '/var/log/gateway.3', 'a name without an extension');
});

t.test('a path that cannot be appended to fails at open', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rotating-'));
  t.throws(() => openRotatingFile({ path: dir, maxBytes: 1024, keep: 1 }), { code: 'EISDIR' }, 'a directory');
  writeFileSync(join(dir, 'plain'), '');
  t.throws(
    () => openRotatingFile({ path: join(dir, 'plain', 'gateway.log'), maxBytes: 1024, keep: 1 }),
    {
      code: /^(EEXIST|ENOTDIR)$/,
    },
    'a file where its directory should be',
  );
  t.throws(
    () => openRotatingFile({ path: unwritablePath(dir), maxBytes: 1024, keep: 1 }),
    { code: /^(EACCES|EPERM|EROFS)$/ },
    'no permission',
  );
});

/** A path this process may not create: a locked directory, or for root (who passes permission bits) sysfs. */
function unwritablePath(dir: string): string {
  if (process.getuid?.() === 0) return '/sys/gateway.log';
  mkdirSync(join(dir, 'locked'));
  chmodSync(join(dir, 'locked'), 0o500);
  return join(dir, 'locked', 'gateway.log');
}

t.test('a write that fails drops the line, reports once, and writing resumes when it can', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rotating-'));
  const logs = join(dir, 'logs');
  const path = join(logs, 'gateway.log');
  const errors: string[] = [];
  const file = openRotatingFile({ path, maxBytes: 1024, keep: 1, onError: (err) => errors.push(String(err.code)) });
  file.write(line(1));
  // The directory goes away (and a file takes its name): rotation cannot rename nor reopen.
  rmSync(logs, { recursive: true });
  writeFileSync(logs, '');
  for (let n = 2; n < 30; n++) t.doesNotThrow(() => file.write(line(n)));
  t.equal(errors.length, 1, `one report for the run of failures (${errors.join(', ')})`);
  rmSync(logs);
  mkdirSync(logs);
  file.write(line(30));
  file.write(line(31));
  file.end();
  t.equal(readFileSync(path, 'utf8'), line(30) + line(31), 'lines land again once the directory is back');
});
