// Normalises the request's host so it can be compared with the configured host lists.

const hostName = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const ipv6 = /^\[[0-9a-f:.]+\]$/;

/**
 * Lower-case, trailing dot removed, port kept; null when the value is not a plausible host[:port]
 * (a hostile Host header then simply matches no configured host).
 */
export function normalizeHost(value: string | undefined): string | null {
  if (!value || value.length > 260) return null;
  const lower = value.trim().toLowerCase();
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(lower);
  if (!match) return null;
  let name = match[1] ?? '';
  const port = match[2];
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (!hostName.test(name) && !ipv6.test(name)) return null;
  if (port !== undefined && Number(port) > 65535) return null;
  return port === undefined ? name : `${name}:${port}`;
}
