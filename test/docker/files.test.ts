// The image and the compose file as a newcomer runs them: the image's Node is the one the tests run on, and the
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

t.test('both stages of the image run the Node line the tests run on', async (t) => {
  const version = /^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1];
  t.ok(version, 'NODE_VERSION is pinned');
  const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
  t.same(froms, ['node:${NODE_VERSION}-slim', 'node:${NODE_VERSION}-slim'], 'build and runtime use it');
  const [major, minor] = (version ?? '').split('.').map(Number);
  const [runningMajor] = process.versions.node.split('.').map(Number);
  t.equal(major, runningMajor, `the image's Node ${version} is the tests' major (${process.versions.node})`);
  t.ok(major === 20 && (minor ?? 0) >= 19, 'and satisfies package.json engines (>=20.19)');
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
