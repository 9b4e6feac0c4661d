// Builds the Docker image and checks /healthz and the page from the running container.
// Runs only where a Docker engine is reachable; otherwise skips with a one-line reason.
import t from 'tap';
import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { PROJECT_ROOT } from '../support/stack.js';

async function dockerUnavailableReason(): Promise<string | null> {
  try {
    await getContainerRuntimeClient();
    return null;
  } catch (err) {
    return `no Docker engine reachable (${(err as Error).message.split('\n')[0]})`;
  }
}

const reason = await dockerUnavailableReason();

t.test('the image serves /healthz and the page', { skip: reason ?? false, timeout: 900_000 }, async (t) => {
  const image = await GenericContainer.fromDockerfile(PROJECT_ROOT).build('jsherp-gateway-test', {
    deleteOnExit: true,
  });
  // No UPSTREAM_URL: the container runs on the embedded sandbox upstream, which a gateway listening on 0.0.0.0 (the
  // image's HOST) serves only with SANDBOX=true (test/server/config.test.ts shows the refusal without it).
  const container: StartedTestContainer = await image
    .withEnvironment({ SANDBOX: 'true' })
    .withExposedPorts(3000)
    .withWaitStrategy(Wait.forHttp('/healthz', 3000).forStatusCode(200))
    .start();
  t.teardown(() => container.stop());
  const base = `http://${container.getHost()}:${container.getMappedPort(3000)}`;

  const health = await fetch(`${base}/healthz`);
  t.equal(health.status, 200);
  t.same(await health.json(), { status: 'ok' });
  const page = await fetch(`${base}/`);
  t.equal(page.status, 200);
  const html = await page.text();
  t.match(html, '<script id="app-config" type="application/json">');
  t.equal(page.headers.get('cache-control'), 'no-cache');
  const exec = await container.exec(['id', '-u']);
  t.not(exec.output.trim(), '0', 'runs as a non-root user');
});
