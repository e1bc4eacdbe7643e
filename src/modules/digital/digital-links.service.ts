import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/index.js';
import { EventPublisher } from '../../events/index.js';
import type { Order } from '../orders/index.js';
import { DigitalLink } from './digital-link.entity.js';
import { type BuyerDigitalLinkView, DigitalLinkSerializer } from './digital-link.serializer.js';
import { DigitalLinkTokens } from './digital-link-tokens.js';

/** Issuing the download links of a placed order, and showing them to its buyer. */
@Injectable()
export class DigitalLinksService {
  constructor(
    private readonly config: AppConfig,
    private readonly tokens: DigitalLinkTokens,
    private readonly serializer: DigitalLinkSerializer,
    private readonly events: EventPublisher,
  ) {}

  /**
   * One link per digital of each of the order's line items, inside the placing transaction;
   * publishes `digital_link.created` for each.
   */
  async issueFor(manager: EntityManager, order: Pick<Order, 'id' | 'storeId'>): Promise<void> {
    const wanted: { line_item_id: string; digital_id: string }[] = await manager.query(
      `SELECT li.id::text AS line_item_id, d.id::text AS digital_id
       FROM line_items li JOIN digitals d ON d.variant_id = li.variant_id AND d.store_id = li.store_id
       WHERE li.order_id = $1
       ORDER BY li.id, d.id`,
      [order.id],
    );
    if (wanted.length === 0) return;
    // The token is derived from the link's id, so the ids are drawn before the rows are written.
    const ids: { id: string }[] = await manager.query(
      `SELECT nextval(pg_get_serial_sequence('digital_links', 'id'))::text AS id
       FROM generate_series(1, $1)`,
      [wanted.length],
    );
    const links = ids.map(({ id }) => ({ id, tokenSalt: this.tokens.newSalt() }));
    await manager.query(
      `INSERT INTO digital_links
         (id, store_id, order_id, line_item_id, digital_id, token_digest, token_salt,
          download_limit, expires_at)
       OVERRIDING SYSTEM VALUE
       SELECT l.id, $1, $2, l.line_item_id, l.digital_id, l.digest, l.salt, $3,
              now() + make_interval(days => $4)
       FROM unnest($5::bigint[], $6::bigint[], $7::bigint[], $8::text[], $9::text[])
         AS l(id, line_item_id, digital_id, digest, salt)`,
      [
        order.storeId,
        order.id,
        this.config.DIGITAL_LINK_DOWNLOAD_LIMIT,
        this.config.DIGITAL_LINK_TTL_DAYS,
        links.map((link) => link.id),
        wanted.map((row) => row.line_item_id),
        wanted.map((row) => row.digital_id),
        links.map((link) => this.tokens.digestOf(this.tokens.tokenOf(link))),
        links.map((link) => link.tokenSalt),
      ],
    );
    const issued = await manager.find(DigitalLink, {
      where: { orderId: order.id },
      order: { id: 'ASC' },
    });
    for (const link of issued) {
      await this.events.publish({ manager, storeId: order.storeId }, 'digital_link.created', {
        ...this.serializer.serialize(link),
      });
    }
  }

  /**
   * The order's links with their download URLs, for its buyer only. Links whose file was
   * deleted are left out (their URL answers `attachment_missing`).
   */
  async viewsFor(
    manager: EntityManager,
    order: Pick<Order, 'id'>,
  ): Promise<BuyerDigitalLinkView[]> {
    const links = await manager.find(DigitalLink, {
      where: { orderId: order.id },
      relations: { digital: true },
      order: { id: 'ASC' },
    });
    return links.flatMap((link) =>
      link.digital
        ? [this.serializer.serializeForBuyer(link, link.digital, this.tokens.tokenOf(link))]
        : [],
    );
  }
}
