/** Tries a delivery gets in all; after the last temporary failure it is recorded `failed`. */
export const MAX_ATTEMPTS = 8;
/**
 * How long a worker holds a delivery it is sending. Past it, the delivery is taken for abandoned
 * (the worker died) and tried again; the SMTP transport's timeouts end every send well before.
 */
export const SEND_LEASE = '30 seconds';

/**
 * The wait after the `attempts`-th try failed for a while: `firstDelayMs` (MAIL_RETRY_DELAY_MS,
 * a minute by default, so about 2 hours over all tries), doubling at every try.
 */
export function retryDelayMs(attempts: number, firstDelayMs: number): number {
  return firstDelayMs * 2 ** Math.max(0, attempts - 1);
}
