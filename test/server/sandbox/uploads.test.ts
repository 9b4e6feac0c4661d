// Uploads through the gateway: a product image is stored under material/<tenant>/ and served back; a wrong biz folder,
// a file type the backend refuses and a missing file get its answers.
import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import t from 'tap';
import pino from 'pino';
import { buildSandbox } from '../../../server/sandbox/app.js';
import { storedUploadsOf } from '../../../server/sandbox/routes/uploads.js';
import { SANDBOX_CLOCK } from '../../support/stack.js';
import { MD5_123456, multipart, MULTIPART_TYPE, startStack } from './helpers.js';

t.test('POST /systemConfig/upload and GET /systemConfig/static', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { token } = await stack.login('jsh');
  const upload = async (query: string, body: Buffer) => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: `/jshERP-boot/systemConfig/upload${query}`,
      payload: body,
      headers: { 'x-access-token': token, 'content-type': MULTIPART_TYPE },
    });
    return res.json() as { code: number; data: string };
  };
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 13, 10, 45, 45]);

  const stored = await upload(
    '',
    multipart([
      { name: 'biz', data: 'material' },
      { name: 'file', filename: 'kettle.png', data: png },
    ]),
  );
  t.equal(stored.code, 200);
  t.match(stored.data, /^material\/63\/kettle_\d+\.png$/, 'material/<tenant>/<name>_<ms>.<ext>');
  const served = await stack.gateway.inject({ method: 'GET', url: `/jshERP-boot/systemConfig/static/${stored.data}` });
  t.equal(served.statusCode, 200);
  t.same(served.rawPayload, png, 'the same bytes come back, line breaks inside included');
  t.match(served.headers['content-type'], /^image\/png/);

  t.same(
    await upload('?biz=material', multipart([{ name: 'file', filename: 'a.png', data: png }])).then((a) => a.code),
    200,
    'biz may be a query parameter',
  );
  t.same(await upload('?biz=secret', multipart([{ name: 'file', filename: 'a.png', data: png }])), {
    code: 505,
    data: '文件分类错误！',
  });
  t.same(await upload('?biz=material', multipart([{ name: 'file', filename: 'run.sh', data: 'echo' }])), {
    code: 500,
    data: '上传失败！',
  });
  t.same(await upload('?biz=material', multipart([{ name: 'other', data: 'x' }])), { code: 500, data: '上传失败！' });
  const missing = await stack.gateway.inject({
    method: 'GET',
    url: '/jshERP-boot/systemConfig/static/material/63/none_1.png',
  });
  t.equal(missing.statusCode, 404);
});

t.test(
  'uploads are kept on disk under a total cap; beyond it they are refused and the directory goes at close',
  async (t) => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildSandbox({
      captcha: false,
      logger: pino({ level: 'warn' }, sink),
      clock: SANDBOX_CLOCK,
      uploadMaxBytes: 100_000,
    });
    let closed = false;
    t.teardown(() => (closed ? undefined : app.close()));
    const login = await app.inject({
      method: 'POST',
      url: '/jshERP-boot/user/login',
      payload: { loginName: 'jsh', password: MD5_123456 },
    });
    const token = login.json().data.token as string;
    const upload = async (name: string, data: Buffer) =>
      (
        await app.inject({
          method: 'POST',
          url: '/jshERP-boot/systemConfig/upload?biz=bill',
          payload: multipart([{ name: 'file', filename: name, data }]),
          headers: { 'x-access-token': token, 'content-type': MULTIPART_TYPE },
        })
      ).json() as { code: number; data: string };

    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await upload(`part${i}.txt`, Buffer.alloc(10_000, 48 + (i % 10))));
    const stored = answers.filter((a) => a.code === 200);
    t.equal(stored.length, 10, 'ten files of 10 000 bytes fill a cap of 100 000');
    t.same(
      answers.slice(10),
      Array(15).fill({ code: 500, data: '上传失败！' }),
      "every upload beyond the cap: the backend's upload failure",
    );
    t.equal(
      lines.filter((l) => /SANDBOX_UPLOAD_MAX_BYTES/.test(l) && JSON.parse(l).level === 40).length,
      15,
      'each refusal says why at warn',
    );

    const kept = storedUploadsOf(app.sandbox.state);
    t.same([...kept.keys()].sort(), stored.map((a) => a.data).sort(), 'only the stored paths are known');
    for (const entry of kept.values()) {
      t.same(
        Object.keys(entry).sort(),
        ['file', 'size', 'type'],
        'memory holds a path on disk, a size and a type, no bytes',
      );
      t.equal(statSync(entry.file).size, 10_000, 'the bytes are on disk');
    }
    const served = await app.inject({ method: 'GET', url: `/jshERP-boot/systemConfig/static/${stored[3]!.data}` });
    t.same(served.rawPayload, Buffer.alloc(10_000, 48 + 3), 'served back from disk');

    const dir = dirname([...kept.values()][0]!.file);
    t.ok(dir.startsWith(tmpdir()), 'a directory of its own under the OS temp directory');
    closed = true;
    await app.close();
    t.notOk(existsSync(dir), 'removed when the sandbox closes');
  },
);

t.test(
  'a name with ; %41 # ? NUL CR/LF or a comma is stored under a name that round-trips and keeps the list whole',
  async (t) => {
    const stack = await startStack(t, { captcha: false });
    const { token } = await stack.login('jsh');
    const upload = async (filename: string) =>
      (
        await stack.gateway.inject({
          method: 'POST',
          url: '/jshERP-boot/systemConfig/upload?biz=bill',
          payload: multipart([{ name: 'file', filename, data: `bytes of ${filename}` }]),
          headers: { 'x-access-token': token, 'content-type': MULTIPART_TYPE },
        })
      ).json() as { code: number; data: string };
    const names = [
      'a;b.txt',
      '100%41.txt',
      'no#1.txt',
      'why?.txt',
      'nul\u0000x.txt',
      'two\r\nlines.txt',
      'one,two.txt',
      '报价 单.txt',
    ];
    const paths: string[] = [];
    for (const name of names) {
      const answer = await upload(name);
      t.equal(answer.code, 200, `${JSON.stringify(name)} stored`);
      t.match(
        answer.data,
        // eslint-disable-next-line no-control-regex -- no control character may be left in the stored name
        /^bill\/63\/[^;%#?,\u0000-\u001f]+_\d+\.txt$/,
        `${JSON.stringify(name)}: <biz>/<tenant>/<name>_<ms>.<ext>, safe`,
      );
      paths.push(answer.data);
      // As the client links it: the browser percent-encodes what a URL path cannot carry (encodeURI does the same).
      const served = await stack.gateway.inject({
        method: 'GET',
        url: encodeURI(`/jshERP-boot/systemConfig/static/${answer.data}`),
      });
      t.equal(served.statusCode, 200, `${JSON.stringify(name)} fetched back`);
      t.equal(served.body, `bytes of ${name}`);
    }
    t.match(paths[6], /^bill\/63\/onetwo_\d+\.txt$/, 'a comma is dropped, as the backend drops it');
    t.same(paths.join(',').split(','), paths, 'the comma-joined fileName splits back into the same files');
    // The client encodes each segment (encodeURIComponent): the sandbox decodes once, as the backend does.
    const segments = await stack.gateway.inject({
      method: 'GET',
      url: `/jshERP-boot/systemConfig/static/${paths[7]!.split('/').map(encodeURIComponent).join('/')}`,
    });
    t.equal(segments.body, 'bytes of 报价 单.txt');
    const a = await upload('A.txt');
    const once = await stack.direct('GET', `/jshERP-boot/systemConfig/static/${a.data.replace('/A_', '/%41_')}`);
    t.equal(once.text, 'bytes of A.txt', '%41 is A');
    const twice = await stack.direct('GET', `/jshERP-boot/systemConfig/static/${a.data.replace('/A_', '/%2541_')}`);
    t.equal(twice.status, 404, 'a path is decoded once: %2541 is %41, not A');
  },
);

t.test('each tenant has its own share of the upload cap: one cannot fill what every tenant uploads to', async (t) => {
  const app = await buildSandbox({
    captcha: false,
    logger: false,
    clock: SANDBOX_CLOCK,
    uploadMaxBytes: 100_000,
    uploadTenantMaxBytes: 30_000,
  });
  t.teardown(() => app.close());
  const login = async (loginName: string): Promise<string> =>
    (
      await app.inject({
        method: 'POST',
        url: '/jshERP-boot/user/login',
        payload: { loginName, password: MD5_123456 },
      })
    ).json().data.token as string;
  const newTenant = `quota${Date.now()}`;
  const registered = await app.inject({
    method: 'POST',
    url: '/jshERP-boot/user/registerUser',
    payload: { loginName: newTenant, password: MD5_123456 },
  });
  t.equal(registered.json().code, 200, 'a tenant registers itself');
  const upload = async (token: string, name: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/jshERP-boot/systemConfig/upload?biz=bill',
        payload: multipart([{ name: 'file', filename: name, data: Buffer.alloc(10_000, 65) }]),
        headers: { 'x-access-token': token, 'content-type': MULTIPART_TYPE },
      })
    ).json() as { code: number; data: string };
  const filler = await login(newTenant);
  const own: number[] = [];
  for (let i = 0; i < 6; i++) own.push((await upload(filler, `fill${i}.txt`)).code);
  t.same(own, [200, 200, 200, 500, 500, 500], 'three files of 10 000 bytes fill a tenant share of 30 000');
  const other = await upload(await login('jsh'), 'mine.txt');
  t.equal(other.code, 200, 'another tenant still uploads');
  t.match(other.data, /^bill\/63\//);
});
