import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';

export const DELIVERY_ERROR_TYPES = ['timeout', 'connection_error', 'http_error'] as const;
export type DeliveryErrorType = (typeof DELIVERY_ERROR_TYPES)[number];

/**
 * Where an attempt stands: `in_flight` from just before the POST until its outcome is recorded;
 * then `succeeded` or `failed`; `interrupted` when the process sending it stopped before recording
 * an outcome (the receiver may or may not have got it) and a later attempt took over.
 */
export const DELIVERY_STATUSES = ['in_flight', 'succeeded', 'failed', 'interrupted'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One attempt to POST an event to an endpoint, exactly as it was sent. The row is committed
 * before the POST and completed after it, so every request a receiver gets has its row.
 */
@Entity('webhook_deliveries')
// The history, newest first (read backwards); made in SQL (ListIndexesForGrowth).
@Index('webhook_deliveries_endpoint_id_delivered_at_id_idx', { synchronize: false })
@Index(
  'webhook_deliveries_endpoint_id_event_id_attempt_key',
  ['endpointId', 'eventId', 'attempt'],
  {
    unique: true,
  },
)
// Partial: only the few attempts in flight, for closing abandoned ones (AbandonedAttempts).
@Index('webhook_deliveries_in_flight_delivered_at_idx', ['deliveredAt'], {
  where: `"status" = 'in_flight'`,
})
@Check(
  'webhook_deliveries_error_type_check',
  `"error_type" IN ('timeout', 'connection_error', 'http_error')`,
)
@Check(
  'webhook_deliveries_status_check',
  `"status" IN ('in_flight', 'succeeded', 'failed', 'interrupted')`,
)
export class WebhookDelivery {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column({ name: 'endpoint_id', type: 'bigint' })
  endpointId: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id' })
  endpoint?: WebhookEndpoint;

  /** The envelope `id`: the event's id (a redelivery repeats it). */
  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  /** 1 for the first POST of this envelope to this endpoint, 2 for the next, and so on. */
  @Column({ type: 'integer' })
  attempt: number;

  @Column({ name: 'event_name', type: 'text' })
  eventName: string;

  /** The exact bytes that were signed and sent. */
  @Column({ name: 'request_body', type: 'text' })
  requestBody: string;

  @Column({ type: 'text' })
  status: DeliveryStatus;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  /** The start of the receiver's answer, at most 10 000 characters. */
  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody: string | null;

  /** Null while in flight, and for an interrupted attempt. */
  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs: number | null;

  @Column({ name: 'error_type', type: 'text', nullable: true })
  errorType: DeliveryErrorType | null;

  /** Why a timeout or connection error happened (e.g. the address was refused). */
  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage: string | null;

  /** True once the receiver answered 2xx; false while in flight, failed or interrupted. */
  @Column({ type: 'boolean' })
  success: boolean;

  /** When the POST started (the row is written just before it). */
  @Column({ name: 'delivered_at', type: 'timestamptz' })
  deliveredAt: Date;

  /** When the outcome was recorded (or the attempt found interrupted); null while in flight. */
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
