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

export function serializeEnvelope(envelope: WebhookEnvelope): SerializedEnvelope {
  return { eventId: envelope.id, eventName: envelope.name, body: JSON.stringify(envelope) };
}
