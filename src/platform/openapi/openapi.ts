import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { CONVENTION_SCHEMAS } from './api-schemas.js';
import { addCommonErrorAnswers } from './common-error-answers.js';
import { addDerivedAnswers } from './derived-answers.js';
import { redirectDocsPageAliases } from './docs-page-redirect.js';
import { describeRequiredScopes } from './required-scopes.js';
import { SECURITY_SCHEMES } from './security-schemes.js';
import { STORE_RESOURCE_SCHEMAS } from './store-resources.generated.js';
import { dropWildcardParameters } from './wildcard-parameters.js';

/** The OpenAPI document of every route the application serves. */
export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Store service')
    .setDescription('Carts, orders, customers, store credits and webhooks for one or many stores.')
    .setVersion('3');
  for (const { id, scheme } of Object.values(SECURITY_SCHEMES)) builder.addSecurity(id, scheme);
  const document = SwaggerModule.createDocument(app, builder.build());
  document.components = {
    ...document.components,
    schemas: { ...STORE_RESOURCE_SCHEMAS, ...CONVENTION_SCHEMAS, ...document.components?.schemas },
  };
  addDerivedAnswers(document);
  addCommonErrorAnswers(document);
  dropWildcardParameters(document);
  describeRequiredScopes(document);
  return document;
}

/**
 * OpenAPI document at `/docs/json`, browsable UI at `/docs`. The document is built on its first
 * request, not at boot: it takes a while to build and most processes are never asked for it.
 */
export function setUpOpenApi(app: NestFastifyApplication): void {
  redirectDocsPageAliases(app.getHttpAdapter().getInstance(), 'docs');
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs/json',
    yamlDocumentUrl: 'docs/yaml',
    swaggerOptions: { persistAuthorization: true },
  });
}
