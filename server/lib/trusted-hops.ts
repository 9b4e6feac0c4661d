// Which peers' X-Forwarded-* headers are believed. TRUST_PROXY_HOPS counts the proxies in front of the
// gateway; the nearest one must also connect from a private or loopback address, so a client that
// reaches the gateway directly over a public address cannot spoof its IP, scheme or host.
// (Fastify's own numeric trustProxy now fails closed, so the hop count is implemented here.)
import { BlockList, isIPv4 } from 'node:net';

const privateRanges = new BlockList();
privateRanges.addSubnet('127.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('10.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('172.16.0.0', 12, 'ipv4');
privateRanges.addSubnet('192.168.0.0', 16, 'ipv4');
privateRanges.addSubnet('169.254.0.0', 16, 'ipv4');
privateRanges.addAddress('::1', 'ipv6');
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  try {
    return privateRanges.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/** proxy-addr style trust function: hop 0 is the socket peer, then X-Forwarded-For from right to left. */
export function trustedHops(hops: number): ((address: string, hop: number) => boolean) | false {
  if (hops <= 0) return false;
  return (address, hop) => (hop === 0 ? isPrivateAddress(address) : hop < hops);
}
