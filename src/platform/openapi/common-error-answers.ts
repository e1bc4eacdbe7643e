import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { ERROR_STATUS, type ErrorCode } from '../../common/errors/error-codes.js';
import { errorAnswer } from './error-answer.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The error answers any route of an API can give, whatever its own rules. */
function commonCodes(path: string, operation: OperationObject): ErrorCode[] {
  const codes: ErrorCode[] = ['invalid_request', 'rate_limit_exceeded', 'internal_error'];
  if (path.startsWith('/health')) codes.push('service_unavailable');
  else codes.push('authentication_required', 'invalid_token');
  if (path.includes('{')) codes.push('record_not_found');
  if (operation.requestBody) codes.push('validation_error', 'request_too_large');
  if (
    (operation.parameters ?? []).some((parameter) => 'in' in parameter && parameter.in === 'query')
  )
    codes.push('parameter_invalid');
  return codes;
}

/**
 * Adds the answers every route shares to each operation of the document, next to the ones its
 * controller declares (an example is added to a status the route already documents).
 */
export function addCommonErrorAnswers(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      for (const code of commonCodes(path, operation)) {
        const status = String(ERROR_STATUS[code]);
        const answer = errorAnswer([code]);
        const existing = operation.responses[status] as ResponseObject | undefined;
        const examples = existing?.content?.['application/json']?.examples;
        if (!existing) operation.responses[status] = answer;
        else if (examples && !(code in examples)) {
          examples[code] = answer.content['application/json'].examples[code];
          existing.description = `${existing.description}, \`${code}\``;
        }
      }
    }
  }
}
