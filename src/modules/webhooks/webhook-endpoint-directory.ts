import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { subscribesTo } from './subscriptions.js';

/** Which endpoints an event goes to. */
@Injectable()
export class WebhookEndpointDirectory {
  /** Internal keys of the store's enabled endpoints subscribed to `eventName`. */
  async matching(
    db: EntityManager | DataSource,
    storeId: string,
    eventName: string,
  ): Promise<string[]> {
    const rows: Array<{ id: string; subscriptions: string[] }> = await db.query(
      `SELECT id::text AS id, subscriptions FROM webhook_endpoints
       WHERE store_id = $1 AND enabled ORDER BY id`,
      [storeId],
    );
    return rows.filter((row) => subscribesTo(row.subscriptions, eventName)).map((row) => row.id);
  }
}
