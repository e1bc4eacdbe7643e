/**
 * The job that delivers one stored event to one endpoint, on the `webhooks` queue. Its id is
 * `<event id>:<endpoint id>`, so an event relayed twice is delivered once per endpoint.
 */
export const WEBHOOK_DELIVERY_JOB = 'deliver';

export interface WebhookDeliveryJobData {
  /** Internal key of the endpoint (as WebhookEndpointDirectory.matching answers it). */
  endpointId: string;
  /** Id of the `events` row. */
  eventId: string;
}

export function webhookDeliveryJobId(data: WebhookDeliveryJobData): string {
  return `${data.eventId}:${data.endpointId}`;
}
