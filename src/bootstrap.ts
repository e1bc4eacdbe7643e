import { type INestApplicationContext, Logger as NestLogger } from '@nestjs/common';
import type { Logger as PinoLogger } from 'pino';
import { type AppConfig, ConfigError, configFromEnvironment } from './config/index.js';
import type { DatabaseEndpoint } from './platform/database/database-endpoint.js';
import { reachServersAtBoot } from './platform/health/startup-connections.js';
import { bootLog } from './platform/logging/boot-log.js';
import { consoleColoursOnTerminalOnly } from './platform/logging/console-logger.js';
import { mailFolderOf } from './platform/mail/mail-folder.js';
import type { DemoCredentials } from './seed/seed-demo-store.js';

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
    `  Mail:     ${config.SMTP_URL ? 'sent through SMTP_URL' : `not sent (SMTP_URL is unset): written to ${mailFolderOf(config)} as .eml files`}`,
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

/** Ends the process with one line on stderr: the boot failed, and why. */
function exitWith(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function loadConfig(overrides: Record<string, string>): AppConfig {
  try {
    return configFromEnvironment(overrides);
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The database endpoint: the server reached at boot, or the embedded one, started here. */
async function openDatabase(config: AppConfig, log: PinoLogger): Promise<DatabaseEndpoint> {
  const { openDatabaseEndpoint } = await import('./platform/database/database-endpoint.js');
  const database = await openDatabaseEndpoint(config);
  if (database.embedded) log.info(`Embedded database started (data in ${config.DATA_DIR})`);
  return database;
}

/** The HTTP API (and the workers when `all`): listening, its banner printed. */
async function startHttp(
  config: AppConfig,
  database: DatabaseEndpoint,
  log: PinoLogger,
): Promise<INestApplicationContext> {
  const [{ createHttpApp }, { ensureEmbeddedDemoStore }, { DataSource }, { ModelEvents }] =
    await Promise.all([
      import('./http-app.js'),
      import('./seed/demo-credentials-file.js'),
      import('typeorm'),
      import('./events/index.js'),
    ]);
  const httpApp = await createHttpApp(config, database);
  await httpApp.init();
  // The demo store exists before the first request can be answered.
  const credentials = config.embeddedDatabase
    ? await ensureEmbeddedDemoStore(httpApp.get(DataSource), config, httpApp.get(ModelEvents))
    : undefined;
  await httpApp.listen(config.PORT, config.listenHost);
  const address = httpApp.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.listenHost === '0.0.0.0' ? 'localhost' : config.listenHost}:${port}`;
  log.info(`Listening on ${url}`);
  printBanner(config, url, credentials);
  return httpApp;
}

/** The queue consumers only, no HTTP. */
async function startWorker(
  config: AppConfig,
  database: DatabaseEndpoint,
): Promise<INestApplicationContext> {
  const [{ NestFactory }, { Logger }, { AppModule }] = await Promise.all([
    import('@nestjs/core'),
    import('nestjs-pino'),
    import('./app.module.js'),
  ]);
  // A failure is rethrown, its buffered log dropped: startProcess reports it in one line.
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, database), {
    bufferLogs: true,
    autoFlushLogs: false,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.flushLogs();
  new NestLogger('Worker').log('Worker started; consuming queues');
  return app;
}

/**
 * Starts the process in its role: HTTP API (+ workers when `all`), or workers only. The database
 * and Redis are reached before the application is even loaded, so that a server that cannot be
 * reached ends the process within seconds. One `info` line per stage of the boot; a boot that
 * fails ends the process with one line on stderr.
 */
export async function startProcess(overrides: Record<string, string> = {}): Promise<void> {
  const config = loadConfig(overrides);
  const reached = await reachServersAtBoot(config).catch((error) => exitWith(messageOf(error)));
  // Logged once the servers answered: a boot failing there writes its one line and nothing else.
  const log = bootLog(config.LOG_LEVEL);
  log.info(`Configuration loaded: role ${config.PROCESS_ROLE}, NODE_ENV ${config.NODE_ENV}`);
  for (const { name, target } of reached) log.info(`Reached ${name} at ${target}`);
  if (config.inProcessQueues) log.info('Queues run in this process (no REDIS_URL)');
  consoleColoursOnTerminalOnly();
  let database: DatabaseEndpoint;
  let app: INestApplicationContext;
  try {
    database = await openDatabase(config, log);
    app = config.runsHttp
      ? await startHttp(config, database, log)
      : await startWorker(config, database);
  } catch (error) {
    exitWith(`Boot failed: ${messageOf(error)}`);
  }
  closeOnSignals(async () => {
    await app.close();
    await database.close();
  }, config.SHUTDOWN_TIMEOUT_MS);
}
