import { Logger as NestLogger } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { type AppConfig, ConfigError, configFromEnvironment } from './config/index.js';
import {
  type DatabaseEndpoint,
  openDatabaseEndpoint,
} from './platform/database/database-endpoint.js';
import { ModelEvents } from './events/index.js';
import { createHttpApp } from './http-app.js';
import type { DemoCredentials } from './seed/seed-demo-store.js';
import { ensureEmbeddedDemoStore } from './seed/demo-credentials-file.js';

function printBanner(
  config: AppConfig,
  url: string,
  credentials: DemoCredentials | undefined,
): void {
  const lines = [
    '',
    '  Store service',
    `  URL:      ${url}`,
    `  Mode:     ${config.embeddedDatabase ? 'EMBEDDED database (development only, data in ' + config.DATA_DIR + ')' : 'PostgreSQL server'}, ${config.inProcessQueues ? 'in-process queues' : 'Redis queues'}, role ${config.PROCESS_ROLE}`,
    `  API docs: ${url}/docs`,
  ];
  if (credentials) {
    lines.push(
      `  Demo store:       ${credentials.store_id}`,
      `  Publishable key:  ${credentials.publishable_key}`,
      `  Secret key:       ${credentials.secret_key}`,
      `  Admin login:      ${credentials.admin.email} / ${credentials.admin.password}`,
      `  (also in ${config.DATA_DIR}/demo-credentials.json)`,
    );
  }
  if (config.embeddedDatabase) {
    lines.push(
      '',
      '  !! Embedded mode is for development. Set DATABASE_URL and REDIS_URL in production. !!',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * On SIGINT or SIGTERM: stop taking requests, let in-flight requests and jobs finish, close the
 * pools, exit 0. Past `timeoutMs` the process exits 1 with what is still running cut off.
 */
function closeOnSignals(close: () => Promise<void>, timeoutMs: number): void {
  const logger = new NestLogger('Shutdown');
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      logger.log(`${signal}: finishing in-flight work (at most ${timeoutMs} ms), then exiting`);
      setTimeout(() => {
        logger.error(`Still busy after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting anyway`);
        process.exit(1);
      }, timeoutMs).unref();
      close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error(error);
          process.exit(1);
        });
    });
  }
}

/** Starts the process in its role: HTTP API (+ workers when `all`), or workers only. */
export async function startProcess(overrides: Record<string, string> = {}): Promise<void> {
  let config: AppConfig;
  try {
    config = configFromEnvironment(overrides);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database: DatabaseEndpoint = await openDatabaseEndpoint(config);
  let app: INestApplicationContext;
  if (config.runsHttp) {
    const httpApp = await createHttpApp(config, database);
    await httpApp.init();
    // The demo store exists before the first request can be answered.
    const credentials = config.embeddedDatabase
      ? await ensureEmbeddedDemoStore(httpApp.get(DataSource), config, httpApp.get(ModelEvents))
      : undefined;
    await httpApp.listen(config.PORT, config.listenHost);
    app = httpApp;
    const address = httpApp.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    printBanner(
      config,
      `http://${config.listenHost === '0.0.0.0' ? 'localhost' : config.listenHost}:${port}`,
      credentials,
    );
  } else {
    app = await NestFactory.createApplicationContext(AppModule.forRoot(config, database), {
      bufferLogs: true,
    });
    app.useLogger(app.get(Logger));
    new NestLogger('Worker').log('Worker started; consuming queues');
  }
  closeOnSignals(async () => {
    await app.close();
    await database.close();
  }, config.SHUTDOWN_TIMEOUT_MS);
}
