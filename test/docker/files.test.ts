// The image and the compose file as a newcomer runs them: the image's Node is the line CI and the tests run on, and the
// compose file's Redis asks for the password the jshERP-boot jar has built in, which the backend and the gateway
// both use. (Reads the files; needs no Docker engine. test/docker/image.test.ts builds and runs the image.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PROJECT_ROOT } from '../helpers/stack.js';

/** jshERP-boot's application.yml (formerly application.properties): spring.redis.password. */
const JAR_REDIS_PASSWORD = '1234abcd';

const dockerfile = readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8');
const compose = readFileSync(join(PROJECT_ROOT, 'docker', 'compose.yaml'), 'utf8');

/** The lines of one top-level service of the compose file (two-space indented block). */
function service(name: string): string {
  const match = new RegExp(`^  ${name}:\\n((?:    .*\\n|\\s*\\n)+)`, 'm').exec(compose);
  if (!match?.[1]) throw new Error(`no service ${name} in docker/compose.yaml`);
  return match[1];
}

t.test('the image, CI and the tests run one Node line: .nvmrc', async (t) => {
  const line = readFileSync(join(PROJECT_ROOT, '.nvmrc'), 'utf8').trim();
  t.match(line, /^\d+$/, '.nvmrc names a major line');
  t.equal(/^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1], line, "the image's NODE_VERSION is that line");
  const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
  t.same(froms, ['node:${NODE_VERSION}-slim', 'node:${NODE_VERSION}-slim'], 'build and runtime use it');
  const ci = readFileSync(join(PROJECT_ROOT, '.ci', 'run'), 'utf8');
  t.match(ci, /^line=\$\(tr -d ' \\r\\n' < \.nvmrc\)$/m, 'CI reads its line from .nvmrc');
  t.match(ci, /npm install --prefix "\$prefix" .*"\$pkg@\$line"$/m, 'and installs that line when the machine has another');
  t.equal(process.versions.node.split('.')[0], line, `the tests run on it (${process.versions.node})`);
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };
  t.equal(pkg.engines.node, `^${line}`, 'package.json engines names it');
  t.match(pkg.devDependencies['@types/node'], new RegExp(`^\\^${line}\\.`), "and @types/node is that line's");
});

t.test('the image listens on every interface, so it runs the sandbox only when asked', async (t) => {
  const instructions = dockerfile.replace(/^#.*\n/gm, '');
  t.match(instructions, /HOST=0\.0\.0\.0/);
  t.notMatch(instructions, /SANDBOX/, 'the image does not opt into the sandbox itself');
});

t.test('Redis requires the jar’s password, and the backend and the gateway send it', async (t) => {
  const password = '${REDIS_PASSWORD:-' + JAR_REDIS_PASSWORD + '}';
  t.match(service('redis'), `command: ["redis-server", "--requirepass", "${password}"]`, 'Redis asks for it');
  t.match(service('redis'), `REDISCLI_AUTH: ${password}`, 'its health check authenticates');
  t.match(service('backend'), `SPRING_REDIS_PASSWORD: ${password}`, 'the backend sends it (the jar’s default)');
  const redisUrl = /REDIS_URL: (\S+)/.exec(service('gateway'))?.[1];
  t.equal(redisUrl, `redis://:${password}@redis:6379/1`, 'the gateway sends it, on database 1 (not the backend’s 0)');
});
