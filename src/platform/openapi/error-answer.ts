import type { ErrorCode } from '../../common/errors/error-codes.js';

/** One status of error answers in the envelope. */
export function errorAnswer(status: number, codes: readonly ErrorCode[]) {
  return {
    status,
    description: codes.map((code) => `\`${code}\``).join(', '),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorResponse' },
        examples: Object.fromEntries(
          codes.map((code) => [code, { value: { error: { code, message: code } } }]),
        ),
      },
    },
  };
}
