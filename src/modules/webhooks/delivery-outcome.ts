import type { DeliveryErrorType } from './webhook-delivery.entity.js';
import type { HttpExchange } from './webhook-http-client.js';

/** How an attempt that got as far as an answer (or a definite lack of one) is completed. */
export interface DeliveryOutcome {
  status: 'succeeded' | 'failed';
  success: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  errorType: DeliveryErrorType | null;
  errorMessage: string | null;
  durationMs: number;
}

/** What an attempt whose sender stopped before recording its outcome says about itself. */
export const INTERRUPTED_MESSAGE =
  'Interrupted: the sending process stopped before the outcome was recorded; the receiver may have received it';

/** A 2xx answer is a success; any other answer is an `http_error`; no answer keeps its reason. */
export function deliveryOutcome(exchange: HttpExchange): DeliveryOutcome {
  if (exchange.kind === 'unanswered') {
    return {
      status: 'failed',
      success: false,
      responseStatus: null,
      responseBody: null,
      errorType: exchange.reason,
      errorMessage: exchange.message,
      durationMs: exchange.durationMs,
    };
  }
  const success = exchange.status >= 200 && exchange.status < 300;
  return {
    status: success ? 'succeeded' : 'failed',
    success,
    responseStatus: exchange.status,
    responseBody: exchange.body,
    errorType: success ? null : 'http_error',
    errorMessage: success ? null : `The receiver answered ${exchange.status}`,
    durationMs: exchange.durationMs,
  };
}
