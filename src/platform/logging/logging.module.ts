import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../../config/index.js';
import { bootDetailAtDebug } from './boot-detail.js';
import { emailRedactingStdout } from './email-redacting-stdout.js';

/**
 * Application logs as structured JSON (pino, through Nest's Logger). Request lines are written by
 * a Fastify hook (request-log.ts) rather than nestjs-pino's middleware, whose per-request async
 * context costs every promise of the request a hook on Node 20. No line carries an e-mail address.
 * Nest's line per module and route at boot is written at `debug`.
 */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [
            { level: config.LOG_LEVEL, hooks: { logMethod: bootDetailAtDebug } },
            emailRedactingStdout,
          ],
          forRoutes: [],
        }),
      ],
    };
  }
}
