// Which peers' X-Forwarded-* headers are believed. TRUSTED_PROXIES lists the proxies in front of the gateway by
// address or CIDR; TRUST_PROXY_HOPS caps how many of them a request passes (1 unless set). A hop is believed only
// when its address is on the list: the socket peer first, then X-Forwarded-For from right to left. Any other peer —
// a private address included — is the client, and what it claims in X-Forwarded-* is ignored.
// (Fastify's own numeric trustProxy fails closed, so the hops are counted here.)
import { BlockList, isIP, isIPv4 } from 'node:net';

export interface ProxyTrust {
  /** Whether a socket peer is one of the configured proxies (its X-Forwarded-* are believed). */
  isProxy(address: string | undefined): boolean;
  /** proxy-addr style trust function for Fastify: hop 0 is the socket peer; false when nothing is trusted. */
  fastifyTrust: ((address: string, hop: number) => boolean) | false;
}

/** One TRUSTED_PROXIES entry: an address or a CIDR. Returns null when it is neither. */
export function parseProxyEntry(
  entry: string,
): { address: string; prefix: number | null; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, prefix: null, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}

/** IPv4 peers reach a dual-stack listener as ::ffff:a.b.c.d. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** `entries` are validated by config.ts (parseProxyEntry); `hops` 0 trusts nothing. */
export function proxyTrust(entries: readonly string[], hops: number): ProxyTrust {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) throw new Error(`not an address or CIDR: ${entry}`);
    if (parsed.prefix === null) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  const listed = (address: string | undefined): boolean => {
    if (!address) return false;
    const ip = plain(address);
    const version = isIP(ip);
    return version !== 0 && list.check(ip, version === 4 ? 'ipv4' : 'ipv6');
  };
  if (hops <= 0 || entries.length === 0) return { isProxy: () => false, fastifyTrust: false };
  return { isProxy: listed, fastifyTrust: (address, hop) => hop < hops && listed(address) };
}
