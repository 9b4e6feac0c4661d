// Runs wrk with a small Lua `done` hook that prints exact figures as JSON (latencies in µs from wrk's histogram),
// instead of scraping its rounded human output.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WrkResult {
  url: string;
  connections: number;
  threads: number;
  durationS: number;
  requests: number;
  /** All answers per second, 503s included. */
  reqPerSec: number;
  /** 2xx/3xx answers per second: what the comparison uses (a side that sheds load is not faster for it). */
  okPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Non-2xx/3xx answers plus socket errors: a run with errors is not a fair point. */
  errors: number;
  non2xx: number;
}

const doneHook = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, e.connect, e.read, e.write, e.timeout, e.status))
end
`;

export interface WrkOptions {
  wrk: string;
  url: string;
  connections: number;
  durationS: number;
  threads?: number;
  headers?: Record<string, string>;
  tmpDir: string;
}

export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const script = join(options.tmpDir, 'wrk-done.lua');
  writeFileSync(script, doneHook);
  const threads = Math.min(options.threads ?? 2, options.connections);
  const args = [
    '-t',
    String(threads),
    '-c',
    String(options.connections),
    '-d',
    `${options.durationS}s`,
    '--timeout',
    '5s',
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push('-s', script, options.url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(options.wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`))));
  });
  const line = output.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no result: ${output}`);
  const r = JSON.parse(line.slice('WRK_JSON '.length)) as Record<string, number>;
  const seconds = r.duration_us! / 1e6;
  return {
    url: options.url,
    connections: options.connections,
    threads,
    durationS: seconds,
    requests: r.requests!,
    reqPerSec: r.requests! / seconds,
    okPerSec: (r.requests! - r.status!) / seconds,
    p50Ms: r.p50! / 1000,
    p90Ms: r.p90! / 1000,
    p99Ms: r.p99! / 1000,
    maxMs: r.max! / 1000,
    errors: r.connect! + r.read! + r.write! + r.timeout! + r.status!,
    non2xx: r.status!,
  };
}
