// Uploads through the gateway: a product image is stored under material/<tenant>/ and served back; a wrong biz folder,
// a file type the backend refuses and a missing file get its answers.
import t from 'tap';
import { startStack } from './helpers.js';

const BOUNDARY = '----sandboxTestBoundary';
function multipart(parts: { name: string; filename?: string; data: string | Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

t.test('POST /systemConfig/upload and GET /systemConfig/static', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { token } = await stack.login('jsh');
  const upload = async (query: string, body: Buffer) => {
    const res = await stack.gateway.inject({
      method: 'POST', url: `/jshERP-boot/systemConfig/upload${query}`, payload: body,
      headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    return res.json() as { code: number; data: string };
  };
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 13, 10, 45, 45]);

  const stored = await upload('', multipart([{ name: 'biz', data: 'material' }, { name: 'file', filename: 'kettle.png', data: png }]));
  t.equal(stored.code, 200);
  t.match(stored.data, /^material\/63\/kettle_\d+\.png$/, 'material/<tenant>/<name>_<ms>.<ext>');
  const served = await stack.gateway.inject({ method: 'GET', url: `/jshERP-boot/systemConfig/static/${stored.data}` });
  t.equal(served.statusCode, 200);
  t.same(served.rawPayload, png, 'the same bytes come back, line breaks inside included');
  t.match(served.headers['content-type'], /^image\/png/);

  t.same(await upload('?biz=material', multipart([{ name: 'file', filename: 'a.png', data: png }])).then((a) => a.code), 200, 'biz may be a query parameter');
  t.same(await upload('?biz=secret', multipart([{ name: 'file', filename: 'a.png', data: png }])), { code: 505, data: '文件分类错误！' });
  t.same(await upload('?biz=material', multipart([{ name: 'file', filename: 'run.sh', data: 'echo' }])), { code: 500, data: '上传失败！' });
  t.same(await upload('?biz=material', multipart([{ name: 'other', data: 'x' }])), { code: 500, data: '上传失败！' });
  const missing = await stack.gateway.inject({ method: 'GET', url: '/jshERP-boot/systemConfig/static/material/63/none_1.png' });
  t.equal(missing.statusCode, 404);
});
