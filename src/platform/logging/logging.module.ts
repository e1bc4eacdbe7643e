import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../../config/index.js';

/** Structured JSON logs (pino), one line per request with its request id. */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          // nestjs-pino's default route pattern matches nothing under Nest 12 on Fastify.
          forRoutes: [{ path: '*splat', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.LOG_LEVEL,
            genReqId: (request: IncomingMessage & { id?: string }) => request.id ?? 'unknown',
            customLogLevel: (_request: IncomingMessage, response: ServerResponse, error?: Error) =>
              error || response.statusCode >= 500
                ? 'error'
                : response.statusCode >= 400
                  ? 'warn'
                  : 'info',
            // Only what identifies the request: headers carry credentials and never reach the logs.
            serializers: {
              req: (request: { id: string; method: string; url: string }) => ({
                id: request.id,
                method: request.method,
                url: request.url,
              }),
              res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
            },
          },
        }),
      ],
    };
  }
}
