// The client connection limit follows the descriptor limit, leaving room for the backend pool and files.
import t from 'tap';
import {
  deriveMaxConnections,
  parseDescriptorLimit,
  readDescriptorLimit,
  FALLBACK_DESCRIPTOR_LIMIT,
} from '../../../server/lib/connection-limit.js';
import { buildTestApp } from '../../support/stack.js';

const limits = (soft: string) => `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            ${soft}                 1048576              files
Max locked memory         8388608              8388608              bytes
`;

t.test('the soft RLIMIT_NOFILE is read from /proc/self/limits', async (t) => {
  t.equal(parseDescriptorLimit(limits('2048')), 2048);
  t.equal(parseDescriptorLimit(limits('unlimited')), Infinity);
  t.equal(parseDescriptorLimit('no such line'), null);
  const own = readDescriptorLimit();
  if (process.platform === 'linux') t.ok(own !== null && own > 0, `this process: ${own}`);
});

t.test(
  'derived limit: descriptors less the pool (twice: the in-process sandbox) and headroom, never below 16',
  async (t) => {
    t.equal(deriveMaxConnections(2048, 128), 2048 - 256 - 128);
    t.equal(deriveMaxConnections(null, 128), FALLBACK_DESCRIPTOR_LIMIT - 256 - 128, 'unknown limit: the usual 1024');
    t.equal(deriveMaxConnections(256, 128), 16);
    t.equal(deriveMaxConnections(Infinity, 128), 1_000_000);
  },
);

t.test('the server gets MAX_CONNECTIONS, or the derived limit', async (t) => {
  const configured = await buildTestApp({ maxConnections: 321 });
  t.teardown(() => configured.close());
  t.equal(configured.server.maxConnections, 321);
  const derived = await buildTestApp({ upstreamConnections: 8 });
  t.teardown(() => derived.close());
  t.equal(derived.server.maxConnections, deriveMaxConnections(readDescriptorLimit(), 8));
});
