// The sandbox as the bench's backend when no TEST_UPSTREAM_URL names a real one: the embedded stand-in for
// jshERP-boot on a loopback port of its own, in its own process, so that both clients face it as they would face the
// real one (our gateway with UPSTREAM_URL, the original's nginx proxying /jshERP-boot straight to it) and its CPU is
// not charged to either. Captcha off, the backend's timing rules on. Prints {"port":N} when listening.
import { startSandbox } from '../server/sandbox/start.js';
import { parseClockStart } from '../server/lib/clock-start.js';

const sandbox = await startSandbox({ captcha: false, clock: parseClockStart(process.env.SANDBOX_CLOCK) });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(sandbox.url).port) })}\n`);
process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
