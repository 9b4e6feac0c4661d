// Hashed assets: a year of immutable caching, precompressed variants chosen by Accept-Encoding.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { buildTestApp, FIXTURE_ASSET, FIXTURE_ASSET_BODY } from '../../support/stack.js';

t.test('br, gzip or identity by Accept-Encoding, always immutable and Vary: Accept-Encoding', async (t) => {
  const app = await buildTestApp();
  t.teardown(() => app.close());

  const cases: Array<[string | undefined, string | undefined, (b: Buffer) => Buffer]> = [
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    [undefined, undefined, (b) => b],
    ['identity', undefined, (b) => b],
  ];
  for (const [accept, expected, decode] of cases) {
    const res = await app.inject({ url: FIXTURE_ASSET, headers: accept ? { 'accept-encoding': accept } : {} });
    t.equal(res.statusCode, 200, `${accept}`);
    t.equal(res.headers['content-encoding'], expected, `${accept} → ${expected ?? 'identity'}`);
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    t.match(String(res.headers.vary), /Accept-Encoding/i);
    t.match(res.headers['content-type'], /javascript/);
    t.equal(decode(res.rawPayload).toString('utf8'), FIXTURE_ASSET_BODY, 'decodes to the original');
  }
  const compressed = await app.inject({ url: FIXTURE_ASSET, headers: { 'accept-encoding': 'br' } });
  t.ok(compressed.rawPayload.length < FIXTURE_ASSET_BODY.length / 4, 'the precompressed file is what is sent');
});

t.test('conditional requests and traversal attempts on assets', async (t) => {
  const app = await buildTestApp();
  t.teardown(() => app.close());
  const first = await app.inject({ url: FIXTURE_ASSET });
  const again = await app.inject({ url: FIXTURE_ASSET, headers: { 'if-none-match': String(first.headers.etag) } });
  t.equal(again.statusCode, 304);
  for (const path of ['/assets/../index.html', '/assets/%2e%2e/index.html', '/assets/..%2findex.html']) {
    const res = await app.inject({ url: path });
    t.notMatch(res.body, '<!--app-config-->', `${path} does not leak the raw template`);
  }
  t.equal((await app.inject({ url: '/assets/.hidden' })).statusCode, 404);
});
