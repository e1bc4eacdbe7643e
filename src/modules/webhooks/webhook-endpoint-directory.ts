import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';

/** An enabled endpoint and the event names or patterns it subscribes to. */
export interface SubscribedEndpoint {
  id: string;
  storeId: string;
  subscriptions: string[];
}

/** Which endpoints events go to. */
@Injectable()
export class WebhookEndpointDirectory {
  /** The enabled endpoints of these stores, with what they subscribe to. */
  async enabledIn(
    db: EntityManager | DataSource,
    storeIds: readonly string[],
  ): Promise<SubscribedEndpoint[]> {
    return db.query(
      `SELECT id::text AS id, store_id::text AS "storeId", subscriptions FROM webhook_endpoints
       WHERE store_id = ANY($1::bigint[]) AND enabled ORDER BY webhook_endpoints.id`,
      [storeIds],
    );
  }
}
