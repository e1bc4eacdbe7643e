import type { DeliveryErrorType } from './webhook-delivery.entity.js';
import type { HttpExchange } from './webhook-http-client.js';

/** How a delivery is recorded. */
export interface DeliveryOutcome {
  success: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  errorType: DeliveryErrorType | null;
  errorMessage: string | null;
  durationMs: number;
}

/** A 2xx answer is a success; any other answer is an `http_error`; no answer keeps its reason. */
export function deliveryOutcome(exchange: HttpExchange): DeliveryOutcome {
  if (exchange.kind === 'unanswered') {
    return {
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
    success,
    responseStatus: exchange.status,
    responseBody: exchange.body,
    errorType: success ? null : 'http_error',
    errorMessage: success ? null : `The receiver answered ${exchange.status}`,
    durationMs: exchange.durationMs,
  };
}
