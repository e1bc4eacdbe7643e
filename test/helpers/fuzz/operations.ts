import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger';

export type Schema = SchemaObject | ReferenceObject;

/** One operation of the OpenAPI document, in the terms the fuzzer needs. */
export interface FuzzOperation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The documented path, `{name}` for each path parameter. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  /** The request body's media type and schema, when the operation documents one. */
  body?: { contentType: string; schema: Schema };
  /** Alternatives of the security requirement: each a list of scheme ids, all needed together. */
  security: string[][];
  /** The admin scope the operation needs, when it is a scoped admin operation. */
  scope?: string;
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

interface ScopedOperation extends OperationObject {
  'x-required-scope'?: string;
  'x-required-scope-by-query'?: { param: string; scopes: Record<string, string> };
}

/** Every operation the document lists, in document order. */
export function operationsOf(document: OpenAPIObject): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as ScopedOperation | undefined;
      if (!operation) continue;
      const parameters = (operation.parameters ?? []) as ParameterObject[];
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> })
        ?.content;
      const [contentType] = Object.keys(content ?? {});
      operations.push({
        method: method.toUpperCase() as FuzzOperation['method'],
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
        query: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        body: contentType ? { contentType, schema: content![contentType].schema } : undefined,
        security: (operation.security ?? []).map((requirement) => Object.keys(requirement)),
        scope:
          operation['x-required-scope'] ??
          Object.values(operation['x-required-scope-by-query']?.scopes ?? {})[0],
      });
    }
  }
  return operations;
}

/** The schema a `$ref` names (and the members of an `allOf`, merged), else the schema itself. */
export function resolveSchema(document: OpenAPIObject, schema: Schema | undefined): SchemaObject {
  if (!schema) return {};
  if ('$ref' in schema) {
    const name = schema.$ref.split('/').pop()!;
    return resolveSchema(document, document.components?.schemas?.[name]);
  }
  if (schema.allOf?.length) {
    const merged: SchemaObject = { ...schema, allOf: undefined };
    for (const part of schema.allOf) {
      const resolved = resolveSchema(document, part);
      merged.type ??= resolved.type;
      merged.properties = { ...merged.properties, ...resolved.properties };
      merged.required = [...(merged.required ?? []), ...(resolved.required ?? [])];
      merged.enum ??= resolved.enum;
      merged.items ??= resolved.items;
    }
    return merged;
  }
  return schema;
}
