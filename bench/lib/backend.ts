// The backend both clients face in the journeys: the real jshERP-boot that TEST_UPSTREAM_URL names (the variable the
// test layer reads, test/support/backend.ts), else the sandbox in a process of its own (bench/sandbox-backend.ts).
// Our shell reaches it through our gateway (UPSTREAM_URL), the original through nginx proxying /jshERP-boot straight
// to it, as jshERP's deployment guide has it. The bench's own calls (fixtures, the backend's floor) go straight to it
// too, paced by the backend's rules (see BackendSession.write).
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTEXT_PATH } from '../../shared/backend.js';
import { loginOver, type Row, type Session } from '../../test/support/api.js';
import { TEST_UPSTREAM_URL } from '../../test/support/backend.js';
import { startPortPrinter, type Running } from './processes.js';

export const API = CONTEXT_PATH;

export interface Backend {
  kind: 'real' | 'sandbox';
  /** Base URL without /jshERP-boot, as UPSTREAM_URL takes it. */
  url: string;
  /** How the results name it. */
  label: string;
  stop: () => Promise<unknown>;
}

/** The real backend when TEST_UPSTREAM_URL names one (it must answer), else a sandbox process started here. */
export async function startBackend(tmpDir: string, track: (r: Running) => void): Promise<Backend> {
  if (TEST_UPSTREAM_URL) {
    const probe = await fetch(`${TEST_UPSTREAM_URL}${API}/platformConfig/getPlatform/name`).catch((error: Error) => {
      throw new Error(`TEST_UPSTREAM_URL=${TEST_UPSTREAM_URL} does not answer: ${error.message}`);
    });
    if (!probe.ok) throw new Error(`TEST_UPSTREAM_URL=${TEST_UPSTREAM_URL} answers ${probe.status} to a platform call`);
    return {
      kind: 'real',
      url: TEST_UPSTREAM_URL,
      label: `jshERP-boot at ${TEST_UPSTREAM_URL} (TEST_UPSTREAM_URL)`,
      stop: async () => {},
    };
  }
  const sandbox = await startPortPrinter(tmpDir, 'sandbox-backend', {});
  track(sandbox);
  return {
    kind: 'sandbox',
    url: sandbox.url,
    label: 'the sandbox (server/sandbox, its own process)',
    stop: sandbox.stop,
  };
}

/**
 * The backend ends every session of a user whose two writes of one module from one address land in one second
 * (LogService.insertLog), and refuses a bill number saved again within 2 s; a login is such a write (用户). The
 * bench's writes keep 1.6 s from one another's answer per user, whatever the module: simpler than the gateway's
 * pacing by module, and the bench writes little.
 */
export const WRITE_GAP_MS = 1_600;
const lastWriteOf = new Map<string, number>();

async function spaced<T>(loginName: string, write: () => Promise<T>): Promise<T> {
  await keepGap(loginName);
  try {
    return await write();
  } finally {
    lastWriteOf.set(loginName, performance.now());
  }
}

/** Marks a write of `loginName` made elsewhere (a client's journey), so the bench's next write keeps its gap. */
export const noteWrite = (loginName: string) => void lastWriteOf.set(loginName, performance.now());

/** Waits until a write of `loginName` made elsewhere (a client's) keeps its gap from the bench's last one. */
export async function keepGap(loginName: string): Promise<void> {
  const wait = (lastWriteOf.get(loginName) ?? -Infinity) + WRITE_GAP_MS - performance.now();
  if (wait > 0) await sleep(wait);
}

export interface BackendSession extends Session {
  loginName: string;
  /** A write, kept WRITE_GAP_MS from this user's last one; an answer other than code 200 throws. */
  write(method: string, path: string, body: unknown): Promise<Row>;
}

/** A session straight on the backend (test/support/api.ts's loginOver), its login and writes paced as above. */
export async function loginTo(baseUrl: string, loginName: string): Promise<BackendSession> {
  const session = await spaced(loginName, () => loginOver(baseUrl, loginName));
  return {
    ...session,
    loginName,
    write: async (method, path, body) => {
      const answer = await spaced(loginName, () => session.call(method, path, body));
      const json = answer.status === 200 ? answer.json() : null;
      if (json?.code !== 200)
        throw new Error(`${method} ${path} refused: ${answer.status} ${answer.text.slice(0, 300)}`);
      return json;
    },
  };
}
