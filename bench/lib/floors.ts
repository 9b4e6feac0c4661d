// The backend's own time for each journey, measured in the same run: the calls whose answers the journey's target
// shows, in the order one needs the other's answer (a step's calls go out together), sent straight to the backend
// from the bench — no browser, no gateway, no nginx — as our shell sent them in its warm-up run (the same paths,
// queries and bodies, captured from the page; a bill save gets a fresh number). A journey can be no faster than its
// floor, whichever client: where the floor is above a third of the original's time, the bench judges ours against
// 1.1 × the floor instead (report.ts). With a round-trip time emulated, each step adds one round trip, but where
// a client can send a step with the one before (floorRoundTrips).
import { performance } from 'node:perf_hooks';
import type { Row } from '../../test/support/api.js';
import { API, keepGap, noteWrite } from './backend.js';
import type { Journey } from './journeys.js';

/** `METHOD /path` below /jshERP-boot, per step, per journey. The first load and the tab switch need no call. */
export const FLOOR_CALLS: Record<Journey, string[][]> = {
  firstLoad: [],
  loginToHome: [
    ['POST /user/login'],
    ['POST /function/findMenuByPNumber', 'GET /depotHead/getBuyAndSaleStatistics', 'GET /depotItem/buyOrSalePrice'],
  ],
  newListPage: [['GET /depotHead/list']],
  reportQuery: [['GET /material/getListWithStock']],
  tabSwitch: [],
  billForm: [['GET /sequence/buildNumber']],
  scanLine: [['GET /material/getMaterialByBarCode']],
  saveBill: [['POST /depotHead/addDepotHeadAndDetail'], ['GET /depotHead/list']],
  billDetail: [['GET /depotHead/getDetailByNumber', 'GET /depotItem/getDetailList']],
};

/**
 * Round trips a journey's floor waits for, where fewer than its steps: the list after a save travels with the save,
 * answered by the gateway once the save's answer has come (server/plugins/read-after-write.ts), so a client needs
 * one round trip for both; the backend still takes them one after the other.
 */
const FLOOR_ROUND_TRIPS: Partial<Record<Journey, number>> = { saveBill: 1 };

/** The round trips of a journey's floor. */
export const floorRoundTrips = (journey: Journey): number => FLOOR_ROUND_TRIPS[journey] ?? FLOOR_CALLS[journey].length;

/** A call the page made, while a journey was being timed. */
export interface CapturedCall {
  journey: Journey;
  method: string;
  /** Path and query below /jshERP-boot. */
  path: string;
  body: string | null;
}

export const callKey = (method: string, path: string) => `${method} ${path.split('?')[0]}`;

export interface FloorSample {
  /** ms per journey, the steps' times added up. */
  ms: Record<Journey, number>;
  /** Calls of FLOOR_CALLS the page did not make (not replayed, counted as nothing). */
  missing: string[];
}

/**
 * Replays every journey's floor calls once, as `loginName` (the user whose calls were captured), and times them.
 * The login and the save are writes: kept apart from that user's other writes by the backend's rules.
 */
export async function measureFloor(options: {
  backendUrl: string;
  loginName: string;
  captured: CapturedCall[];
}): Promise<FloorSample> {
  const { backendUrl, loginName, captured } = options;
  let token: string | null = null;
  const missing: string[] = [];
  const send = async (call: CapturedCall) => {
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
    if (token) headers['x-access-token'] = token;
    if (call.body !== null) headers['content-type'] = 'application/json;charset=UTF-8';
    const response = await fetch(backendUrl + API + call.path, {
      method: call.method,
      headers,
      body: call.body ?? undefined,
    });
    const text = await response.text();
    if (response.status !== 200 || /"code":\s*(?!200\b)\d+/.test(text.slice(0, 40)))
      throw new Error(`floor call ${call.method} ${call.path.slice(0, 80)}: ${response.status} ${text.slice(0, 200)}`);
    return text;
  };
  /** A save of the captured bill under a number of its own: the captured one is taken. */
  const freshSave = async (call: CapturedCall): Promise<CapturedCall> => {
    const outer = JSON.parse(call.body ?? '{}') as { info: string; rows: string };
    const info = JSON.parse(outer.info) as Row;
    const prefix = String(info.number).replace(/\d+$/, '');
    const sequence = JSON.parse(
      await send({ ...call, method: 'GET', path: '/sequence/buildNumber', body: null }),
    ) as Row;
    info.number = `${prefix}${String(sequence.data.defaultNumber)}`;
    delete info.id;
    return { ...call, body: JSON.stringify({ ...outer, info: JSON.stringify(info) }) };
  };
  const ms = {} as Record<Journey, number>;
  // The login first: its token carries every other call.
  const journeys = Object.keys(FLOOR_CALLS) as Journey[];
  for (const journey of journeys) {
    let total = 0;
    for (const step of FLOOR_CALLS[journey]) {
      const calls: CapturedCall[] = [];
      for (const key of step) {
        const call = captured.find((c) => c.journey === journey && callKey(c.method, c.path) === key);
        if (!call) {
          missing.push(`${journey}: ${key}`);
          continue;
        }
        const isWrite = key === 'POST /user/login' || key === 'POST /depotHead/addDepotHeadAndDetail';
        if (isWrite) await keepGap(loginName);
        calls.push(key === 'POST /depotHead/addDepotHeadAndDetail' ? await freshSave(call) : call);
      }
      const start = performance.now();
      const answers = await Promise.all(calls.map(send));
      total += performance.now() - start;
      calls.forEach((call, i) => {
        const key = callKey(call.method, call.path);
        if (key === 'POST /user/login') token = String((JSON.parse(answers[i]!) as Row).data.token);
        if (key === 'POST /user/login' || key === 'POST /depotHead/addDepotHeadAndDetail') noteWrite(loginName);
      });
    }
    ms[journey] = total;
  }
  return { ms, missing };
}
