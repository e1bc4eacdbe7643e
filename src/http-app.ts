import type { Type } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/index.js';
import type { DatabaseEndpoint } from './platform/database/database-endpoint.js';
import { logRequests } from './platform/logging/request-log.js';
import { setUpOpenApi } from './platform/openapi/openapi.js';
import { answerClientError } from './platform/http/client-errors.js';
import { toErrorResponse } from './platform/http/error-response.js';
import { answerJsonApiUnder, registerJsonBodies } from './platform/http/json-bodies.js';
import { STOREFRONT_V2_PREFIX } from './modules/storefront-v2/index.js';
import { BrowserOrigins } from './modules/allowed-origins/index.js';
import { requestIdFor } from './platform/http/request-id.js';
import { registerMultipart } from './platform/http/uploads/multipart.js';
import { refuseMalformedText } from './platform/http/well-formed-text.js';

/** Builds the Nest application on Fastify with the service's HTTP conventions; does not listen. */
export async function createHttpApp(
  config: AppConfig,
  database: DatabaseEndpoint,
  extraModules: Type[] = [],
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    clientErrorHandler: answerClientError,
    // Requests the router refuses (undecodable URL, over-long parameter) never reach Nest,
    // nor the onRequest hook below: the request id header is set here.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = toErrorResponse(error, request.id);
      void reply.header('x-request-id', request.id).status(status).send(body);
    },
  });
  const fastify = adapter.getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  logRequests(fastify, config.LOG_LEVEL);
  refuseMalformedText(fastify);
  answerJsonApiUnder(fastify, STOREFRONT_V2_PREFIX);

  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, database, extraModules),
    adapter,
    // A failure is rethrown, its buffered log dropped: the caller reports it in one line.
    { bufferLogs: true, autoFlushLogs: false, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.enableCors({ delegator: app.get(BrowserOrigins).delegate });
  registerJsonBodies(app, config.BODY_LIMIT_BYTES);
  await registerMultipart(app);
  setUpOpenApi(app);
  return app;
}
