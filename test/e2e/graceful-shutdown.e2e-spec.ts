import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { buildService, type ServiceBuild } from '../helpers/service-build.js';
import { killServiceProcesses, startServiceProcess } from '../helpers/service-processes.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { hasServers } from '../helpers/service-cluster.js';

/** Opens a connection and sends a request's head and the first part of its body; the rest waits. */
function startSlowRequest(url: string, key: string, body: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  const answered = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/v3/store/carts HTTP/1.1\r\nHost: ${hostname}\r\nX-Store-API-Key: ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(body.slice(half)),
    answered,
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Separate processes (or instances) share work only through PostgreSQL and Redis servers.
(hasServers ? describe : describe.skip)('graceful shutdown on SIGTERM (PostgreSQL + Redis)', () => {
  let control: TestApp;
  let build: ServiceBuild;
  let shop: DemoCredentials;
  let env: Record<string, string>;

  beforeAll(async () => {
    [control, build] = await Promise.all([startTestApp(), buildService()]);
    shop = await control.seedStore();
    env = {
      NODE_ENV: 'test',
      PROCESS_ROLE: 'api',
      LOG_LEVEL: 'info',
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      QUEUE_PREFIX: `shutdown-${randomBytes(4).toString('hex')}`,
      MIGRATIONS_RUN: 'false',
      JWT_SECRET: control.config.JWT_SECRET!,
      ENCRYPTION_KEY: control.config.ENCRYPTION_KEY!,
      ID_ALPHABET: control.config.ID_ALPHABET,
    };
  });
  afterAll(async () => {
    await killServiceProcesses();
    await control?.close();
  });

  it('stops taking connections, finishes the request in flight, stores it, and exits 0', async () => {
    const api = await startServiceProcess(build, 'api', env);
    const email = `in-flight-${randomBytes(4).toString('hex')}@example.com`;
    const slow = startSlowRequest(api.url!, shop.publishable_key, JSON.stringify({ email }));
    await settle(300);

    const stopped = api.kill('SIGTERM');
    await settle(500);
    // No new connection is accepted once the signal arrived...
    await expect(fetch(`${api.url}/health`)).rejects.toThrow();
    expect(api.running()).toBe(true);

    // ...while the request already in flight is served to the end.
    slow.finish();
    const answer = await slow.answered;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    const cart = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(cart).toMatchObject({ id: expect.stringMatching(/^cart_/), email });

    await stopped;
    expect(api.exitCode()).toBe(0);
    expect(api.output()).toContain('SIGTERM: finishing in-flight work');
    const [row] = await control.dataSource.query('SELECT email FROM orders WHERE id = $1', [
      keyOf(control, ID_PREFIX.cart, cart.id),
    ]);
    expect(row).toEqual({ email });
  }, 120_000);

  it('exits 1 once SHUTDOWN_TIMEOUT_MS passes with a request still unfinished', async () => {
    const api = await startServiceProcess(build, 'api', { ...env, SHUTDOWN_TIMEOUT_MS: '300' });
    const slow = startSlowRequest(api.url!, shop.publishable_key, '{"email":"late@example.com"}');
    slow.answered.catch(() => undefined);
    await settle(300);
    await api.kill('SIGTERM');
    expect(api.exitCode()).toBe(1);
    expect(api.output()).toContain('Still busy after 300 ms');
  }, 120_000);
});
