import { createHmac } from 'node:crypto';

/**
 * `X-Store-Webhook-Signature`: hex HMAC-SHA256 of `<timestamp>.<raw body>`, keyed with the
 * endpoint's secret as shown on create (its 64 characters, as text).
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
