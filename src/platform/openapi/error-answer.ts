import type { ResponseObject } from '@nestjs/swagger';
import type { ErrorCode } from '../../common/errors/error-codes.js';
import { ERROR_EXAMPLES } from './error-examples.js';

/** The answer of one status naming its error codes, each with an example in the envelope. */
export function errorAnswer(codes: readonly ErrorCode[]) {
  return {
    description: codes.map((code) => `\`${code}\``).join(', '),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorResponse' },
        examples: Object.fromEntries(codes.map((code) => [code, errorExample(code)])),
      },
    },
  } satisfies ResponseObject;
}

function errorExample(code: ErrorCode) {
  return { summary: code, value: { error: { code, ...ERROR_EXAMPLES[code] } } };
}
