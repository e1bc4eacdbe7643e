// The publishing side of the events benchmark, run by bench/lib/events.js as a child process
// (IPC): the built service's application context in the `api` role (it relays what it commits
// but neither consumes queues nor sweeps), publishing one event per transaction through the
// real EventPublisher, exactly as a service does in a request. Commands arrive as messages; each
// answer carries, per event, its id and the time its transaction had committed (epoch ms, high
// resolution, comparable with the receiver's clock on the same machine).
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from '../dist/app.module.js';
import { configFromEnvironment } from '../dist/config/index.js';
import { EventPublisher } from '../dist/events/event-publisher.js';
import { OutboxCommitHook } from '../dist/events/outbox-commit-hook.js';
import { AdminWebhookEndpointsService } from '../dist/modules/webhooks/admin-webhook-endpoints.service.js';
import { openDatabaseEndpoint } from '../dist/platform/database/database-endpoint.js';
import { EVENT_NAME, orderPayload } from './lib/order-payload.js';

const now = () => performance.timeOrigin + performance.now();

const config = configFromEnvironment({ PROCESS_ROLE: 'api' });
const database = await openDatabaseEndpoint(config);
const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, database), {
  logger: ['error', 'warn'],
});
const dataSource = app.get(DataSource);
const publisher = app.get(EventPublisher);
const commitHook = app.get(OutboxCommitHook);
let sequence = 0;

/** One transaction publishing one event; answers [id, committed at]. */
async function publishOne(storeId) {
  const n = sequence++;
  const id = await dataSource.transaction((manager) =>
    publisher.publish({ manager, storeId }, EVENT_NAME, orderPayload(n)),
  );
  return [id, now()];
}

const commands = {
  async endpoint({ storeId, url }) {
    const created = await app
      .get(AdminWebhookEndpointsService)
      .create(
        { storeId, defaultCurrency: 'USD', supportedCurrencies: ['USD'] },
        { url, subscriptions: [EVENT_NAME], name: 'bench receiver' },
      );
    return { id: created.id, secret: created.secret };
  },

  /** `count` events by `concurrency` publishers back to back; then waits for every relay. */
  async burst({ storeId, count, concurrency }) {
    const events = new Array(count);
    const latencies = new Array(count);
    let next = 0;
    const started = now();
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count) }, async () => {
        while (next < count) {
          const i = next++;
          const begin = now();
          events[i] = await publishOne(storeId);
          latencies[i] = events[i][1] - begin;
        }
      }),
    );
    const committed = now();
    await commitHook.idle();
    return { events, latencies, started, committed, relayed: now() };
  },

  /** `rate` events per second for `seconds`, on schedule whatever the answers' timing. */
  async steady({ storeId, rate, seconds }) {
    const total = Math.round(rate * seconds);
    const pending = [];
    const started = now();
    for (let i = 0; i < total; i++) {
      const wait = started + (i * 1000) / rate - now();
      if (wait > 0) await sleep(wait);
      pending.push(publishOne(storeId));
    }
    const events = await Promise.all(pending);
    const committed = now();
    await commitHook.idle();
    return { events, started, committed, relayed: now() };
  },

  async exit() {
    await app.close();
    await database.close();
    setImmediate(() => process.exit(0));
    return {};
  },
};

process.on('message', async ({ id, command, args }) => {
  try {
    process.send({ id, ok: true, result: await commands[command](args) });
  } catch (error) {
    process.send({ id, ok: false, error: error.stack ?? String(error) });
  }
});
process.send({ ready: true });
