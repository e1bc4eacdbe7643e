import type { StoreEventMessage } from '../../events/index.js';

/** The body of every delivery. */
export interface WebhookEnvelope {
  id: string;
  name: string;
  created_at: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** An envelope as sent: serialized once, so the bytes signed are the bytes sent and stored. */
export interface SerializedEnvelope {
  eventId: string;
  eventName: string;
  body: string;
}

export function envelopeOf(event: StoreEventMessage): WebhookEnvelope {
  return {
    id: event.id,
    name: event.name,
    created_at: event.created_at,
    data: event.payload,
    metadata: event.metadata,
  };
}

export function serializeEnvelope(envelope: WebhookEnvelope): SerializedEnvelope {
  return { eventId: envelope.id, eventName: envelope.name, body: JSON.stringify(envelope) };
}
