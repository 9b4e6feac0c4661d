// An API stack for tests that face either backend: the gateway (in process, its write pacing on, as in
// production) in front of the embedded sandbox (its timing rules on, captcha off) or of TEST_UPSTREAM_URL.
// Calls go through the gateway with inject(), as the shell's would; a test makes its own fixtures, named with
// runName() so that they never meet another run's rows on a backend that already holds data.
import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { Agent, fetch } from 'undici';
import { startSandbox } from '../../server/sandbox/start.js';
import { buildTestApp } from './stack.js';
import { TEST_UPSTREAM_URL } from './backend.js';

export const API = '/jshERP-boot';
export const MD5_123456 = 'e10adc3949ba59abbe56e057f20f883e';
export type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** This run's mark on every record a test makes: TEST_RUN_ID, or one made from the time and the process. */
export const RUN_ID = process.env.TEST_RUN_ID ?? `T${Date.now().toString(36)}${process.pid.toString(36)}`;
let serial = 0;
/** A name no other record of this or another run has: `<RUN_ID>-<label><n>` (test:backend gives each file its own
 *  RUN_ID, the run's id and the file's letters). */
export const runName = (label: string): string => `${RUN_ID}-${label}${++serial}`;

export interface Answer {
  status: number;
  text: string;
  json(): Row;
}

export interface Session {
  token: string;
  user: Row;
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  /** GET with the query's values URI-encoded (a `search` object goes as JSON, as the shell sends it). */
  get(path: string, query?: Record<string, unknown>): Promise<Row>;
}

export interface ApiStack {
  gateway: FastifyInstance;
  /** Whether the backend is the embedded sandbox. */
  sandbox: boolean;
  login(loginName: string, options?: { password?: string; ip?: string }): Promise<Session>;
}

/** `pacing: false` sends writes as they come, to see the backend's own rules (WRITE_SPACING_MS=0). */
export async function startApiStack(t: Test, { pacing = true } = {}): Promise<ApiStack> {
  let upstreamUrl = TEST_UPSTREAM_URL;
  if (!upstreamUrl) {
    const sandbox = await startSandbox({ captcha: false, logger: false });
    t.teardown(() => sandbox.close());
    upstreamUrl = sandbox.url;
  }
  const gateway = await buildTestApp({
    upstreamUrl,
    ...(pacing ? {} : { writeSpacingMs: 0 }),
    ...(process.env.TEST_REDIS_URL ? { redisUrl: process.env.TEST_REDIS_URL } : {}),
  });
  t.teardown(() => gateway.close());

  const send = async (token: string | null, ip: string, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
    if (token) headers['x-access-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json;charset=UTF-8';
    const res = await gateway.inject({
      method: method as 'GET',
      url: API + path,
      headers,
      payload: body === undefined ? undefined : JSON.stringify(body),
      remoteAddress: ip,
    });
    return { status: res.statusCode, text: res.body, json: () => JSON.parse(res.body) as Row };
  };

  return {
    gateway,
    sandbox: TEST_UPSTREAM_URL === null,
    async login(loginName, { password = MD5_123456, ip = '127.0.0.1' } = {}) {
      const answer = await send(null, ip, 'POST', '/user/login', { loginName, password, code: '', uuid: '' });
      const data = answer.json().data as Row;
      if (!data?.token) throw new Error(`login ${loginName} failed: ${answer.text}`);
      const token = String(data.token);
      const call = (method: string, path: string, body?: unknown) => send(token, ip, method, path, body);
      const get = async (path: string, query: Record<string, unknown> = {}) => {
        const text = Object.entries(query)
          .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
          .join('&');
        return (await call('GET', text ? `${path}?${text}` : path)).json();
      };
      return { token, user: data.user as Row, call, get };
    },
  };
}

/**
 * A session on a gateway that is already listening (a journey's), for the fixtures it makes through the API; `from`
 * logs in and calls from that loopback address (the gateway and the backend key a write's pacing and their
 * same-second rule by user, module and client address).
 */
export async function loginOver(
  baseUrl: string,
  loginName: string,
  password = MD5_123456,
  { from }: { from?: string } = {},
): Promise<Session> {
  const dispatcher = from ? new Agent({ localAddress: from }) : undefined;
  const send = async (token: string | null, method: string, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token) headers['x-access-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json;charset=UTF-8';
    const res = await fetch(`${baseUrl}${API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(dispatcher ? { dispatcher } : {}),
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as Row };
  };
  const answer = await send(null, 'POST', '/user/login', { loginName, password, code: '', uuid: '' });
  const data = answer.json().data as Row;
  if (!data?.token) throw new Error(`login ${loginName} failed: ${answer.text}`);
  const token = String(data.token);
  const call = (method: string, path: string, body?: unknown) => send(token, method, path, body);
  return {
    token,
    user: data.user as Row,
    call,
    get: async (path, query = {}) => {
      const text = Object.entries(query)
        .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
        .join('&');
      return (await call('GET', text ? `${path}?${text}` : path)).json();
    },
  };
}

/**
 * A user of jsh's tenant made for one test (password 123456, the tenant's first role, so it has a menu), deleted
 * again when the test ends. Tests that change a user's password or grants use one, never the seeded users.
 */
export async function temporaryUser(
  t: { teardown(fn: () => unknown): void },
  baseUrl: string,
): Promise<{ loginName: string; password: string; id: number }> {
  const jsh = await loginOver(baseUrl, 'jsh');
  const roles = (await jsh.call('GET', '/role/allList')).json() as unknown as Row[];
  const loginName = `u${RUN_ID.slice(-7)}${++serial}`.toLowerCase();
  const added = await jsh.call('POST', '/user/addUser', {
    loginName,
    username: runName('用户'),
    password: MD5_123456,
    roleId: roles[0]?.id ?? null,
  });
  if (added.json().code !== 200) throw new Error(`user not added: ${added.text}`);
  const rows = (await jsh.get('/user/list', { search: { loginName }, currentPage: 1, pageSize: 10 })).data
    .rows as Row[];
  const id = Number(rows.find((u) => u.loginName === loginName)!.id);
  t.teardown(async () => {
    const admin = await loginOver(baseUrl, 'jsh');
    await admin.call('DELETE', `/user/delete?id=${id}`);
  });
  return { loginName, password: '123456', id };
}
