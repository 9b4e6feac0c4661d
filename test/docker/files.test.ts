// The image and the compose file as a newcomer runs them: the image's Node is the line CI and the tests run on, and the
// compose file's Redis asks for the password the jshERP-boot jar has built in, which the backend and the gateway
// both use. (Reads the files; needs no Docker engine. test/docker/image.test.ts builds and runs the image.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import { PROJECT_ROOT } from '../support/stack.js';

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
  t.match(
    ci,
    /npm install --prefix "\$prefix" .*"\$pkg@\$line"$/m,
    'and installs that line when the machine has another',
  );
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
  const redis = (parseYaml(compose) as { services: { redis: { command: string[] } } }).services.redis;
  t.same(redis.command, ['redis-server', '--requirepass', password], 'Redis asks for it');
  t.match(service('redis'), `REDISCLI_AUTH: ${password}`, 'its health check authenticates');
  t.match(service('backend'), `SPRING_REDIS_PASSWORD: ${password}`, 'the backend sends it (the jar’s default)');
  const redisUrl = /REDIS_URL: (\S+)/.exec(service('gateway'))?.[1];
  t.equal(redisUrl, `redis://:${password}@redis:6379/1`, 'the gateway sends it, on database 1 (not the backend’s 0)');
});

t.test('the compose file is valid by the compose-spec JSON schema', async (t) => {
  // test/docker/compose-spec.json: schema/compose-spec.json of github.com/compose-spec/compose-spec at 170098ba
  // (2026-06-23), Apache-2.0, vendored unchanged.
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'compose-spec.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  // Its $schema is draft-07 under an https address Ajv does not know by that name; the keywords are draft-07's.
  delete schema.$schema;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  const document = parseYaml(compose) as unknown;
  t.ok(validate(document), `valid: ${ajv.errorsText(validate.errors)}`);

  const broken = parseYaml(compose) as { services: Record<string, Record<string, unknown>> };
  broken.services.gateway!.stop_grace_period = { seconds: 15 };
  broken.services.db!.ulimits = { nofile: { soft: 'many' } };
  t.notOk(validate(broken), 'and the schema does refuse what Docker would refuse');
});

t.test(
  'compose: bounded logs, graceful stops, descriptors, the jar’s logs and plugins kept, MySQL 8.4 LTS and Redis 7.4',
  async (t) => {
    const file = parseYaml(compose) as {
      services: Record<
        string,
        {
          image?: string;
          command?: string[];
          environment?: Record<string, string>;
          volumes?: string[];
          logging?: { driver: string; options: Record<string, string> };
          stop_grace_period?: string;
          ulimits?: { nofile?: { soft: number; hard: number } };
        }
      >;
      volumes: Record<string, unknown>;
    };
    const seconds = (duration: string | undefined) => Number(/^(\d+)s$/.exec(duration ?? '')?.[1] ?? NaN);
    for (const [name, service] of Object.entries(file.services)) {
      t.same(
        service.logging,
        { driver: 'json-file', options: { 'max-size': '10m', 'max-file': '5' } },
        `${name}: logs are bounded`,
      );
      t.ok(seconds(service.stop_grace_period) >= 15, `${name}: stop_grace_period ${service.stop_grace_period}`);
    }
    const { gateway, backend, db } = file.services;
    t.ok(seconds(gateway?.stop_grace_period) * 1000 > 10_000, 'the gateway’s outlasts SHUTDOWN_GRACE_MS (10 s)');
    for (const service of [gateway, backend, db]) t.same(service?.ulimits?.nofile, { soft: 65536, hard: 65536 });

    t.match(backend?.command?.join(' '), '-Dlogs.home=/opt/jshERP/logs', 'the jar’s logback file has a home');
    for (const volume of [
      'backend-logs:/opt/jshERP/logs',
      'plugins:/opt/jshERP/plugins',
      'plugin-config:/opt/jshERP/pluginConfig',
      'uploads:/opt/jshERP/upload',
    ]) {
      t.ok(backend?.volumes?.includes(volume), `backend volume ${volume}`);
      t.ok(volume.split(':')[0]! in file.volumes, 'declared');
    }
    t.equal(backend?.environment?.LOGGING_LEVEL_COM_JSH, '${BACKEND_LOG_LEVEL:-INFO}', 'no DEBUG SQL unless asked');
    t.match(
      backend?.environment?.SPRING_DATASOURCE_URL,
      'allowPublicKeyRetrieval=true',
      'MySQL 8 authentication without TLS',
    );

    // Supported lines the jar's drivers speak (Connector/J 8.0.33; Spring Data Redis over RESP2).
    t.equal(db?.image, 'mysql:8.4');
    t.equal(file.services.redis?.image, 'redis:7.4');
    for (const flag of [
      '--lower-case-table-names=1',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_general_ci',
      '--sql-mode=STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION',
    ]) {
      t.ok(db?.command?.includes(flag), `mysqld ${flag}`);
    }
  },
);

t.test('the image: source maps on, OCI labels', async (t) => {
  t.match(dockerfile, /^CMD \["node", "--enable-source-maps", "dist\/server\/server\.js"\]$/m);
  const build = JSON.parse(readFileSync(join(PROJECT_ROOT, 'tsconfig.build.json'), 'utf8')) as {
    compilerOptions: { sourceMap?: boolean };
  };
  t.equal(build.compilerOptions.sourceMap, true, 'the server build emits the maps');
  const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const labels = Object.fromEntries(
    [...dockerfile.matchAll(/(org\.opencontainers\.image\.[a-z.]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  t.same(labels, {
    'org.opencontainers.image.title': 'jsherp-gateway',
    'org.opencontainers.image.description': 'A React + antd shell and a Fastify gateway in front of jshERP-boot',
    'org.opencontainers.image.version': version,
    'org.opencontainers.image.revision': '${REVISION}',
    'org.opencontainers.image.created': '${CREATED}',
    'org.opencontainers.image.base.name': 'node:${NODE_VERSION}-slim',
  });
});
