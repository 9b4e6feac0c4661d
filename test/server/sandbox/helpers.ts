// The sandbox suite's stack: the sandbox listening on a loopback port, the gateway proxying to it over real HTTP,
// requests made through the gateway with inject(). `direct()` reaches the sandbox itself, only for the quirks the
// gateway deliberately hides (its path guard answers '..' and /plugin/* itself).
import { request as httpRequest } from 'node:http';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { startSandbox, type RunningSandbox } from '../../../server/sandbox/start.js';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildSandbox } from '../../../server/sandbox/app.js';
import { buildTestApp, SANDBOX_CLOCK } from '../../support/stack.js';

export const API = '/jshERP-boot';
export const MD5_123456 = 'e10adc3949ba59abbe56e057f20f883e';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Stack {
  sandbox: RunningSandbox;
  gateway: FastifyInstance;
  /** A call through the gateway; `path` is under /jshERP-boot. */
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
  /** A raw HTTP call straight to the sandbox (path taken verbatim, no URL normalisation). */
  direct(method: string, rawPath: string, headers?: Record<string, string>): Promise<Answer>;
  /** Logs in through the gateway (solving the captcha when it is on) and returns the login answer's data. */
  login(loginName: string, password?: string): Promise<{ token: string; data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The sandbox's clock: what "now" and "today" are for its seed, its bills and its statistics. */
  now(): Date;
}

export async function startStack(
  t: Test,
  options: { captcha: boolean; timingRules?: boolean; writeSpacingMs?: number; seed?: 'demo' | 'backend' },
): Promise<Stack> {
  // The contract suite sends its writes back to back to read the answers of each: the backend's rules on writes
  // close together, and the gateway's pacing that keeps to them, are off unless a test asks for them
  // (test/server/sandbox/timing-rules.test.ts, test/server/plugins/write-pacing.test.ts).
  const sandbox = await startSandbox({
    captcha: options.captcha,
    seed: options.seed,
    port: 0,
    clock: SANDBOX_CLOCK,
    timingRules: options.timingRules ?? false,
  });
  t.teardown(() => sandbox.close());
  // Sandbox and tests share this event loop: the gateway's load shedding (its own tests cover it) is switched off.
  const gateway = await buildTestApp(
    { upstreamUrl: sandbox.url, writeSpacingMs: options.writeSpacingMs ?? 0 },
    { underPressure: { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 } },
  );
  t.teardown(() => gateway.close());

  const call: Stack['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...opts.headers };
    if (opts.token) headers['x-access-token'] = opts.token;
    let payload: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json;charset=UTF-8';
    }
    const res = await gateway.inject({ method: method as 'GET', url: API + path, headers, payload });
    return { status: res.statusCode, headers: res.headers, text: res.body, json: () => JSON.parse(res.body) };
  };

  const direct: Stack['direct'] = (method, rawPath, headers = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(sandbox.url);
      const req = httpRequest({ host: url.hostname, port: url.port, method, path: rawPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      });
      req.on('error', reject);
      req.end();
    });

  const login: Stack['login'] = async (loginName, password = MD5_123456) => {
    let captcha: { code?: string; uuid?: string } = {};
    if (options.captcha) {
      const image = (await call('GET', '/user/randomImage')).json();
      captcha = { uuid: image.data.uuid, code: sandbox.app.sandbox.captchaAnswer(image.data.uuid) };
    }
    const res = await call('POST', '/user/login', { body: { loginName, password, ...captcha } });
    const data = res.json().data;
    if (!data.token) throw new Error(`login ${loginName} failed: ${res.text}`);
    return { token: data.token, data };
  };

  const now = (): Date => sandbox.app.sandbox.state.clock.now();
  return { sandbox, gateway, call, direct, login, now };
}

/** Sends every bad body to every write and every bad query to every read, as each user; returns the call count. */
export async function sweepHostile<Who extends string>(
  users: readonly Who[],
  endpoints: { writes: readonly (readonly [string, string])[]; queries: readonly (readonly [string, string])[] },
  inputs: { bodies: readonly (string | undefined)[]; queries: readonly string[] },
  check: (who: Who, method: string, url: string, payload: string | undefined) => Promise<void>,
): Promise<number> {
  let calls = 0;
  for (const who of users) {
    for (const [method, path] of endpoints.writes) {
      for (const body of inputs.bodies) {
        await check(who, method, `${API}${path}`, body);
        calls++;
      }
    }
    for (const [method, path] of endpoints.queries) {
      for (const query of inputs.queries) {
        await check(who, method, `${API}${path}${query}`, undefined);
        calls++;
      }
    }
  }
  return calls;
}

/** A sandbox whose warn lines are kept (to find handler faults), with a token for each of `users`. */
export async function hostileSandbox<Who extends string>(t: Test, users: readonly Who[]) {
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
    timingRules: false,
  });
  t.teardown(() => app.close());
  const login = async (loginName: string): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/user/login`,
      payload: { loginName, password: MD5_123456 },
    });
    return JSON.parse(res.body).data.token as string;
  };
  const tokens = {} as Record<Who, string>;
  for (const user of users) tokens[user] = await login(user);
  return { app, lines, tokens, login };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;
/** The backend's answer to a saved bill, and to most other writes. */
export const SAVED = { code: 200, msg: '操作成功' };
export const OK = { code: 200, data: { message: '成功' } };
/** A `search` parameter as the client sends it. */
export const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
/** A moment as a China-time `yyyy-MM-dd HH:mm:ss`, the bills' operTime. */
export const chinaTimeText = (moment: Date): string =>
  new Date(moment.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
/** The sandbox's now as a bill's operTime. */
export const chinaNow = (stack: Pick<Stack, 'now'>): string => chinaTimeText(stack.now());
/** The sandbox's today (China time) moved by `days`, as `yyyy-MM-dd`. */
export const chinaDay = (stack: Pick<Stack, 'now'>, days = 0): string =>
  chinaTimeText(new Date(stack.now().getTime() + days * 86_400_000)).slice(0, 10);

/** A bill line as the client's grid sends it: untaxed, the quantity as text, unlinked, with the grid's row id. */
export const billLine = (
  barCode: string,
  unit: string,
  operNumber: number,
  unitPrice: number,
  extra: Row = {},
): Row => ({
  barCode,
  unit,
  operNumber: String(operNumber),
  unitPrice,
  allPrice: operNumber * unitPrice,
  taxRate: 0,
  taxMoney: 0,
  taxLastMoney: operNumber * unitPrice,
  preNumber: '',
  finishNumber: '',
  snList: '',
  batchNumber: '',
  id: 'row_tid-1',
  ...extra,
});

/**
 * A 采购订单 (supplier 57, now, unpriced, unaudited) with `link` (linkApply or linkNumber) and lines taken from the
 * linked bill's: each with the quantity ordered, linked by id, carrying the source's quantity and `finished`, the
 * field that says how much of it is done.
 */
export function linkedPurchaseOrder(
  stack: Pick<Stack, 'now'>,
  number: string,
  link: Row,
  lines: [Row, number][],
  finished: 'finishNumber' | 'finishPurchaseNumber',
): [Row, Row[]] {
  const info = {
    number,
    type: '其它',
    subType: '采购订单',
    organId: 57,
    operTime: chinaNow(stack),
    totalPrice: 0,
    changeAmount: 0,
    status: '0',
    ...link,
  };
  const rows = lines.map(([l, n]) => ({
    barCode: l.barCode,
    unit: l.unit,
    operNumber: n,
    unitPrice: 0,
    allPrice: 0,
    depotId: '',
    linkId: l.id,
    preNumber: l.operNumber,
    finishNumber: l[finished],
  }));
  return [info, rows];
}

/** The boundary `multipart` writes between its parts. */
export const MULTIPART_BOUNDARY = '----sandboxTestBoundary';
/** The content-type header of a `multipart` body. */
export const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

/** A multipart/form-data body as a browser sends it; a part with a filename is a file of `fileType`. */
export function multipart(
  parts: { name: string; filename?: string; data: string | Buffer }[],
  fileType = 'application/octet-stream',
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${fileType}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** One user's bill calls through the gateway: any call's JSON, a bill saved as the client sends it, a bill by number. */
export function billCalls(stack: Stack, token: string) {
  const json = async (method: string, path: string, body?: unknown): Promise<Row> =>
    (await stack.call(method, path, { token, body })).json();
  const save = (info: Row, rows: Row[]): Promise<Row> =>
    json('POST', '/depotHead/addDepotHeadAndDetail', { info: JSON.stringify(info), rows: JSON.stringify(rows) });
  const bill = async (number: string): Promise<Row> =>
    ((await json('GET', `/depotHead/list?search=${q({ number })}&currentPage=1&pageSize=10`)).data.rows as Row[]).find(
      (r) => r.number === number,
    )!;
  return { json, save, bill };
}
