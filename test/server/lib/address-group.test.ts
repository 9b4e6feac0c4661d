// Per-address counts key IPv6 clients by their prefix: any address a client picks in its /64 is the same client.
import t from 'tap';
import { addressGroup } from '../../../server/lib/address-group.js';

t.test('IPv6 addresses group by the prefix; IPv4 and IPv4-mapped addresses by the address', async (t) => {
  t.equal(addressGroup('2001:db8:1:2::1', 64), addressGroup('2001:db8:1:2:ffff:eeee:dddd:cccc', 64));
  t.equal(addressGroup('2001:db8:1:2::1', 64), '2001:db8:1:2::/64');
  t.not(addressGroup('2001:db8:1:2::1', 64), addressGroup('2001:db8:1:3::1', 64), 'the next /64 is another');
  t.equal(addressGroup('2001:db8:1:2::1', 48), addressGroup('2001:db8:1:3::1', 48), 'a /48 takes both');
  t.not(addressGroup('2001:db8::1', 128), addressGroup('2001:db8::2', 128), '128: every address');
  t.equal(addressGroup('203.0.113.7', 64), '203.0.113.7');
  t.equal(addressGroup('::ffff:203.0.113.7', 64), '203.0.113.7', 'an IPv4-mapped address is the IPv4 client');
});
