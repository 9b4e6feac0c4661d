// Writes .br and .gz siblings for every compressible file of a built bundle, so the
// gateway serves them precompressed instead of compressing on each request. zlib's
// asynchronous calls run on libuv's thread pool, so the files compress on every core
// at once (brotli at quality 11 is most of the build's time otherwise).
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const root = process.argv[2] ?? 'dist';
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|ico|wasm)$/;
const minBytes = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const files = [];
for await (const file of walk(root)) {
  if (compressible.test(file) && (await stat(file)).size >= minBytes) files.push(file);
}
await Promise.all(
  files.map(async (file) => {
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipped(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  }),
);
console.log(`compress-assets: ${files.length} files precompressed (br, gz) in ${root}`);
