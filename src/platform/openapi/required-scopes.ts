import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface ScopedOperation extends OperationObject {
  'x-required-scope'?: string;
  'x-required-scope-by-query'?: { param: string; scopes: Record<string, string> };
}

/** The sentence naming what an admin operation needs, or nothing for other operations. */
function scopeSentence(operation: ScopedOperation): string | undefined {
  const scope = operation['x-required-scope'];
  if (scope)
    return `Needs the \`${scope}\` scope (a secret key holding it, or a staff role that does).`;
  const byQuery = operation['x-required-scope-by-query'];
  if (!byQuery) return undefined;
  const each = Object.entries(byQuery.scopes)
    .map(([value, needed]) => `\`${value}\` needs \`${needed}\``)
    .join('; ');
  return `The scope depends on \`${byQuery.param}\`: ${each}.`;
}

/**
 * Writes each admin operation's scope (declared with `RequireScope` and carried as
 * `x-required-scope`) at the head of its description, where a reader of `/docs` sees it.
 */
export function describeRequiredScopes(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as ScopedOperation | undefined;
      const sentence = operation && scopeSentence(operation);
      if (!operation || !sentence) continue;
      operation.description = operation.description
        ? `${sentence}\n\n${operation.description}`
        : sentence;
    }
  }
}
