import t from 'tap';
import { parseProxyEntry, proxyTrust } from '../../../server/lib/trusted-hops.js';

t.test('TRUSTED_PROXIES entries: addresses and CIDRs, nothing else', async (t) => {
  for (const entry of ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', '0.0.0.0/0']) t.ok(parseProxyEntry(entry), entry);
  for (const entry of [
    '',
    'proxy.local',
    '10.0.0.5/33',
    '10.0.0/8',
    '10.0.0.5/',
    '10.0.0.5/8/1',
    '::1/129',
    '10.0.0.5/x',
  ]) {
    t.equal(parseProxyEntry(entry), null, `'${entry}' refused`);
  }
});

t.test('only listed peers are proxies; a private address on its own is a client', async (t) => {
  const trust = proxyTrust(['10.0.0.5', '10.1.0.0/16'], 1);
  t.ok(trust.isProxy('10.0.0.5'));
  t.ok(trust.isProxy('::ffff:10.1.200.3'), 'an IPv4 peer on a dual-stack listener');
  for (const a of ['10.0.0.6', '192.168.1.1', '127.0.0.1', '8.8.8.8', '', undefined, 'not-an-ip'])
    t.notOk(trust.isProxy(a), String(a));
  t.equal(proxyTrust([], 1).fastifyTrust, false, 'nothing trusted without a list');
  t.equal(proxyTrust(['10.0.0.5'], 0).fastifyTrust, false, 'nothing trusted with 0 hops');
});

t.test('hop counting: every believed hop is on the list, and no more than TRUST_PROXY_HOPS', async (t) => {
  const trust = proxyTrust(['10.0.0.0/8'], 2).fastifyTrust;
  if (trust === false) throw new Error('expected a function');
  t.ok(trust('10.0.0.1', 0));
  t.notOk(trust('192.168.0.1', 0), 'a private peer not on the list is not a proxy');
  t.ok(trust('10.2.0.1', 1), 'second hop, listed');
  t.notOk(trust('203.0.113.5', 1), 'an address the client wrote into X-Forwarded-For is where trust stops');
  t.notOk(trust('10.0.0.7', 2), 'beyond the configured hops');
});
