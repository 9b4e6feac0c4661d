// The key every per-address count is kept under. An IPv6 client is usually given a whole /64 (or more), and can
// pick any address in it for each connection: counted address by address, one such client is any number of clients.
// So IPv6 addresses count by their first IPV6_PREFIX_LENGTH bits; IPv4 (and IPv4-mapped IPv6) by the address.
import rateLimit from '@fastify/rate-limit';

/** `2001:db8:1:2::/64` for an IPv6 address, the address itself for IPv4. */
export function addressGroup(address: string, ipv6PrefixLength: number): string {
  const key = rateLimit.normalizeIP(address, ipv6PrefixLength);
  return key.includes(':') && ipv6PrefixLength < 128 ? `${key}/${ipv6PrefixLength}` : key;
}
