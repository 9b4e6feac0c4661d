import t from 'tap';
import { isPrivateAddress, trustedHops } from '../../../server/lib/trusted-hops.js';

t.test('only private or loopback peers count as the nearest proxy', async (t) => {
  for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.4', '192.168.1.1', '::1', '::ffff:10.0.0.1', 'fd00::1']) t.ok(isPrivateAddress(a), a);
  for (const a of ['8.8.8.8', '172.32.0.1', '::ffff:8.8.8.8', '2001:db8::1', '', undefined, 'not-an-ip']) t.notOk(isPrivateAddress(a), String(a));
});

t.test('hop counting', async (t) => {
  t.equal(trustedHops(0), false, 'no trust by default');
  const trust = trustedHops(2);
  if (trust === false) throw new Error('expected a function');
  t.ok(trust('10.0.0.1', 0));
  t.notOk(trust('203.0.113.5', 0), 'a public peer is never a trusted proxy');
  t.ok(trust('203.0.113.5', 1), 'second hop from X-Forwarded-For');
  t.notOk(trust('203.0.113.6', 2), 'beyond the configured hops');
});
