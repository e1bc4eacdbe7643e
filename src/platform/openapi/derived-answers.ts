import { STATUS_CODES } from 'node:http';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { DERIVED_ANSWERS, DERIVED_SCHEMAS } from './derived-answers.generated.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const declaresSuccessSchema = (operation: OperationObject) =>
  Object.entries(operation.responses).some(
    ([status, answer]) =>
      status.startsWith('2') &&
      Object.values((answer as ResponseObject).content ?? {}).some((media) => media.schema),
  );

const refsIn = (value: unknown) =>
  [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/(\w+)"/g)].map(([, name]) => name);

/**
 * Declares the success answer of each operation that declares none with a schema, as its
 * controller method's return type gives it (derived-answers.generated.ts), and adds the views
 * those answers refer to. An answer a route declares itself (a Spree resource) stays.
 */
export function addDerivedAnswers(document: OpenAPIObject): void {
  const pending: string[] = [];
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      const derived = operation?.operationId && DERIVED_ANSWERS[operation.operationId];
      if (!operation || !derived || declaresSuccessSchema(operation)) continue;
      const status = String(derived.status);
      const declared = operation.responses[status] as ResponseObject | undefined;
      operation.responses[status] = {
        ...declared,
        description: declared?.description || STATUS_CODES[derived.status]!,
        ...(derived.schema && { content: { 'application/json': { schema: derived.schema } } }),
      };
      pending.push(...refsIn(derived.schema ?? {}));
    }
  }
  const schemas = ((document.components ??= {}).schemas ??= {});
  const added = new Set<string>();
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (added.has(name)) continue;
    if (name in schemas) throw new Error(`Two schemas are named ${name}: rename the view`);
    schemas[name] = DERIVED_SCHEMAS[name];
    added.add(name);
    pending.push(...refsIn(DERIVED_SCHEMAS[name]));
  }
}
