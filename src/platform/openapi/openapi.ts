import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** OpenAPI document at `/docs/json`, browsable UI at `/docs`. */
export function setUpOpenApi(app: NestFastifyApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Store service')
      .setDescription(
        'Carts, orders, customers, store credits and webhooks for one or many stores.',
      )
      .setVersion('3')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Store-API-Key' }, 'publishable-key')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Store-API-Key' }, 'secret-key')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'jwt')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/json',
    yamlDocumentUrl: 'docs/yaml',
  });
}
