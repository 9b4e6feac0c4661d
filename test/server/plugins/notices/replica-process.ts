// A gateway replica as its own process (so a test can SIGKILL it): buildApp on a loopback port, configured by the
// environment; prints one JSON line {"url": …} once listening.
import { listenTestApp } from '../../../support/stack.js';

const env = Object.fromEntries(
  ['UPSTREAM_URL', 'REDIS_URL', 'NOTICE_POLL_MS', 'BROADCAST_TOKEN']
    .filter((name) => process.env[name] !== undefined)
    .map((name) => [name, process.env[name] as string]),
);
const { url } = await listenTestApp({}, { env, underPressure: { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 } });
process.stdout.write(`${JSON.stringify({ url })}\n`);
