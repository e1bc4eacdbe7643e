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

/** One attempt to POST an event to an endpoint, successful or not, exactly as it was sent. */
@Entity('webhook_deliveries')
// DESC in the migration: the delivery history is read newest first.
@Index('webhook_deliveries_endpoint_id_delivered_at_idx', ['endpointId', 'deliveredAt'])
@Index('webhook_deliveries_endpoint_id_event_id_idx', ['endpointId', 'eventId'])
@Check(
  'webhook_deliveries_error_type_check',
  `"error_type" IN ('timeout', 'connection_error', 'http_error')`,
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

  @Column({ name: 'event_name', type: 'text' })
  eventName: string;

  /** The exact bytes that were signed and sent. */
  @Column({ name: 'request_body', type: 'text' })
  requestBody: string;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  /** The start of the receiver's answer, at most 10 000 characters. */
  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody: string | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  @Column({ name: 'error_type', type: 'text', nullable: true })
  errorType: DeliveryErrorType | null;

  /** Why a timeout or connection error happened (e.g. the address was refused). */
  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage: string | null;

  @Column({ type: 'boolean' })
  success: boolean;

  @Column({ name: 'delivered_at', type: 'timestamptz' })
  deliveredAt: Date;
}
