import { ERROR_STATUS } from '../../../src/common/errors/error-codes.js';

/** Statuses a code also travels with: oversized headers are 431, not 413. */
const OTHER_STATUSES: Partial<Record<keyof typeof ERROR_STATUS, number[]>> = {
  request_too_large: [431],
};

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * What is wrong with an error answer: anything but the contract's envelope exactly,
 * `{ error: { code, message, details? } }`, with a known code sent with its own status and
 * an `x-request-id` header. Empty for a well-formed refusal.
 */
export function envelopeProblems(answer: Answer): string[] {
  const problems: string[] = [];
  if (!answer.headers.get('x-request-id')) problems.push('no x-request-id header');
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, `body is not JSON: ${JSON.stringify(answer.text.slice(0, 80))}`];
  }
  const envelope = body as { error?: Record<string, unknown> } | null;
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope))
    return [...problems, 'body is not an object'];
  if (Object.keys(envelope).join() !== 'error') problems.push(`members ${Object.keys(envelope)}`);
  const error = envelope.error;
  if (typeof error !== 'object' || error === null || Array.isArray(error))
    return [...problems, 'error is not an object'];
  const extra = Object.keys(error).filter((key) => !['code', 'message', 'details'].includes(key));
  if (extra.length) problems.push(`error has ${extra.join(', ')}`);
  const code = error.code as keyof typeof ERROR_STATUS;
  if (typeof code !== 'string' || !(code in ERROR_STATUS)) problems.push(`unknown code ${code}`);
  else if (ERROR_STATUS[code] !== answer.status && !OTHER_STATUSES[code]?.includes(answer.status))
    problems.push(`code ${code} travels with ${ERROR_STATUS[code]}`);
  if (typeof error.message !== 'string' || !error.message) problems.push('no message');
  const details = error.details;
  if (details !== undefined && (typeof details !== 'object' || details === null))
    problems.push('details is not an object');
  return problems;
}
