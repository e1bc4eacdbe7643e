import type { OpenAPIObject, ParameterObject } from '@nestjs/swagger';

/**
 * Drops the parameter named `*` that a wildcard route's `@Param('*')` documents: the document
 * writes the wildcard as `{path}`, which the route's `@ApiParam({ name: 'path' })` describes.
 */
export function dropWildcardParameters(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      if (!operation?.parameters) continue;
      operation.parameters = operation.parameters.filter(
        (parameter) => (parameter as ParameterObject).name !== '*',
      );
    }
  }
}
