// Temporary scripted stand-in for jshERP-boot (only what the notices touch), until the sandbox lands.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

interface Msg { id: number; userId: number; tenantId: number; title: string; status: string }

export async function startFakeUpstream(): Promise<{ url: string; close(): Promise<void>; expire(token: string): void }> {
  const users = [
    { id: 63, loginName: 'jsh', tenantId: 63 },
    { id: 131, loginName: 'test123', tenantId: 63 },
    { id: 120, loginName: 'admin', tenantId: 0 },
  ];
  const sessions = new Map<string, number>();
  const msgs: Msg[] = [{ id: 2, userId: 63, tenantId: 63, title: '标题1', status: '2' }];
  let nextId = 3;
  const json = (res: http.ServerResponse, body: unknown): void => {
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.replace(/^\/jshERP-boot/, '');
      const body = raw ? JSON.parse(raw) : {};
      if (path === '/user/login') {
        const user = users.find((u) => u.loginName === body.loginName);
        if (!user) return json(res, { code: 200, data: { msgTip: 'user is not exist' } });
        const token = `${randomBytes(16).toString('hex')}_${user.tenantId}`;
        sessions.set(token, user.id);
        return json(res, { code: 200, data: { msgTip: 'user can login', token, user: { id: user.id, tenantId: user.tenantId } } });
      }
      const token = String(req.headers['x-access-token'] ?? '');
      const userId = sessions.get(token);
      if (userId === undefined) {
        res.writeHead(500);
        return res.end('loginOut');
      }
      const tenant = Number(token.split('_')[1] ?? 0);
      const mine = (m: Msg): boolean => tenant === 0 || m.tenantId === tenant;
      switch (`${req.method} ${path}`) {
        case 'GET /user/getUserSession':
          return json(res, { code: 200, data: { user: { id: userId } } });
        case 'GET /user/logout':
          sessions.delete(token);
          return json(res, { code: 400, data: null });
        case 'GET /msg/getMsgByStatus':
          return json(res, {
            code: 200,
            data: msgs.filter((m) => m.userId === userId && m.status === url.searchParams.get('status')).sort((a, b) => b.id - a.id).map((m) => ({ id: m.id, msgTitle: m.title, status: m.status })),
          });
        case 'POST /msg/add':
          msgs.push({ id: nextId++, userId: Number(body.userId), tenantId: tenant, title: body.msgTitle, status: '1' });
          return json(res, { code: 200, data: { message: '成功' } });
        case 'POST /msg/batchUpdateStatus':
          for (const id of String(body.ids).split(',')) {
            const m = msgs.find((x) => x.id === Number(id) && mine(x));
            if (m) m.status = String(body.status);
          }
          return json(res, { code: 200, data: '更新成功' });
        case 'POST /msg/readAllMsg':
          msgs.filter(mine).forEach((m) => (m.status = '2'));
          return json(res, { code: 200, data: '操作成功!' });
        default:
          res.writeHead(404);
          return res.end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    expire: (token) => void sessions.delete(token),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
