// The gateway starts with docker/compose.yaml's environment as written, interpolated as compose does, by itself and
// with the settings its comments give for a TLS proxy in front. Before, following the comment (TRUST_PROXY_HOPS=1)
// crash-looped the gateway: `config error: TRUSTED_PROXIES: unset…`. (Reads the file as text; needs no Docker.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import { PROJECT_ROOT } from '../support/stack.js';
import { startGatewayProcess } from '../reliability/gateway-process.js';

const compose = parseYaml(readFileSync(join(PROJECT_ROOT, 'docker', 'compose.yaml'), 'utf8')) as {
  services: Record<string, { environment?: Record<string, string> }>;
};

/** Compose's interpolation: ${NAME}, ${NAME:-default} (unset or empty), ${NAME:?error}, $$ for a dollar. */
function interpolate(value: string, shell: Record<string, string>): string {
  return value.replace(/\$\$|\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g, (match, name?: string, op?: string, arg?: string) => {
    if (match === '$$') return '$';
    const set = shell[name!];
    if (op === ':-') return set ? set : arg!;
    if (op === ':?' && !set) throw new Error(`compose refuses to start: ${name}: ${arg}`);
    return set ?? '';
  });
}

function gatewayEnvironment(shell: Record<string, string>): Record<string, string> {
  const environment = compose.services.gateway?.environment ?? {};
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(value, shell)]));
}

// The proxy is this test (loopback): a trusted peer's answers keep Node's long keep-alive, others get the short one.
for (const [situation, shell, keepAlive] of [
  ['as written', {}, 'timeout=14'],
  ['behind a TLS proxy, as its comment says', { TRUSTED_PROXIES: '127.0.0.0/8' }, 'timeout=72'],
  ['behind two proxies in a row', { TRUSTED_PROXIES: '127.0.0.0/8', TRUST_PROXY_HOPS: '2' }, 'timeout=72'],
] as const) {
  t.test(`the gateway starts with compose's environment ${situation}`, async (t) => {
    const environment = gatewayEnvironment(shell);
    t.equal(environment.UPSTREAM_URL, 'http://backend:9999', 'the backend service (not reached here)');
    // The container's own HOST and PORT (Dockerfile) give way to a free loopback port on this machine.
    const gateway = await startGatewayProcess({ ...environment, HOST: '127.0.0.1', PORT: '0' });
    t.teardown(() => {
      gateway.child.kill('SIGKILL');
    });
    const health = await fetch(`${gateway.url}/healthz`, { signal: AbortSignal.timeout(10_000) });
    t.equal(health.status, 200, 'it listens and answers');
    await health.text();
    t.equal(health.headers.get('keep-alive'), keepAlive, 'with the proxy trusted, or not, as set');
    t.notMatch(gateway.output(), 'config error', 'no configuration error');
    gateway.child.kill('SIGTERM');
    t.same(await gateway.exited, { code: 0, signal: null }, 'and stops cleanly');
  });
}
