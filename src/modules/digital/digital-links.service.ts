import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/index.js';
import { EventPublisher } from '../../events/index.js';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { opaqueArray, preparedIn, preparedWrite } from '../../platform/database/prepared-sql.js';
import { StatementBatch } from '../../platform/database/statement-batch.js';
import type { Order, PlacingColumn } from '../orders/index.js';
import { DigitalLink } from './digital-link.entity.js';
import { type BuyerDigitalLinkView, DigitalLinkSerializer } from './digital-link.serializer.js';
import { DigitalLinkTokens } from './digital-link-tokens.js';
import { Digital } from './digital.entity.js';

/** A link to issue: its line item, its digital's file, and the id drawn for it. */
export interface WantedLink {
  id: string;
  line_item_id: string;
  digital_id: string;
  filename: string;
  content_type: string;
  byte_size: number;
}

/** A link's row with its file's name, type and size. */
type LinkRow = Record<string, unknown>;

/** The file a link gives, as a buyer's view of the link names it. */
type LinkedFile = Pick<WantedLink, 'digital_id' | 'filename' | 'content_type' | 'byte_size'>;

/**
 * The links an order's lines call for (`$1`), each with its id drawn: the token is derived from
 * the link's id, so the ids are drawn before the rows are written. They are drawn after the
 * sort (the ordered sub-select is not flattened), so the ids follow line item then file.
 */
const WANTED_LINKS_SQL = `SELECT w.*, nextval(pg_get_serial_sequence('digital_links', 'id'))::text AS id
  FROM (SELECT li.id::text AS line_item_id, d.id::text AS digital_id, d.filename, d.content_type,
      d.byte_size
    FROM line_items li JOIN digitals d ON d.variant_id = li.variant_id AND d.store_id = li.store_id
    WHERE li.order_id = $1 ORDER BY li.id, d.id) w`;

/** `WANTED_LINKS_SQL` as a column of the statement that places an order: a JSON array. */
export const WANTED_LINKS_COLUMN: PlacingColumn = {
  name: 'digital_links',
  sql: (orderId) => `(SELECT COALESCE(json_agg(json_build_object(
      'line_item_id', w.line_item_id, 'digital_id', w.digital_id, 'filename', w.filename,
      'content_type', w.content_type, 'byte_size', w.byte_size, 'id', w.id)
    ORDER BY w.id::bigint), '[]')
    FROM (${WANTED_LINKS_SQL.replace('$1', orderId)}) w)`,
};

const DAY_MS = 86_400_000;

function compareIds(a: string, b: string): number {
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Issuing the download links of a placed order, and showing them to its buyer. */
@Injectable()
export class DigitalLinksService {
  constructor(
    private readonly config: AppConfig,
    private readonly tokens: DigitalLinkTokens,
    private readonly serializer: DigitalLinkSerializer,
    private readonly events: EventPublisher,
  ) {}

  /** The buyer's views of the links issued for an order object while placing it. */
  private readonly issued = new WeakMap<object, BuyerDigitalLinkView[]>();
  private readonly reading = new StatementBatch<
    { manager: EntityManager; orderId: string },
    LinkRow[]
  >(100, (keys) =>
    this.linkRows(
      keys[0].manager,
      keys.map((key) => key.orderId),
    ),
  );

  /**
   * One link per digital of each of the order's line items, inside the placing transaction;
   * publishes `digital_link.created` for each. `drawn`: the links to issue as the placing
   * statement drew them (`WANTED_LINKS_COLUMN`), saving the read. The buyer's views of the
   * links are kept with the order object, so the answer of the placing request needs not read
   * them back.
   */
  async issueFor(
    manager: EntityManager,
    order: Pick<Order, 'id' | 'storeId'>,
    drawn?: readonly WantedLink[],
  ): Promise<void> {
    const wanted: readonly WantedLink[] =
      drawn ?? (await manager.query(WANTED_LINKS_SQL, [order.id]));
    if (wanted.length === 0) {
      this.issued.set(order, []);
      return;
    }
    // The rows are known here, so their write goes with the placing's next statement.
    const issuedAt = new Date();
    const issued = wanted
      .map((link) =>
        manager.create(DigitalLink, {
          id: link.id,
          createdAt: issuedAt,
          updatedAt: issuedAt,
          storeId: order.storeId,
          orderId: order.id,
          lineItemId: link.line_item_id,
          digitalId: link.digital_id,
          tokenSalt: this.tokens.newSalt(),
          downloadCount: 0,
          downloadLimit: this.config.DIGITAL_LINK_DOWNLOAD_LIMIT,
          expiresAt: new Date(issuedAt.getTime() + this.config.DIGITAL_LINK_TTL_DAYS * DAY_MS),
        }),
      )
      .sort((a, b) => compareIds(a.id, b.id));
    for (const link of issued) link.tokenDigest = this.tokens.digestOf(this.tokens.tokenOf(link));
    await preparedWrite(
      manager,
      'digital_links_issue',
      `INSERT INTO digital_links
         (id, store_id, order_id, line_item_id, digital_id, token_digest, token_salt,
          download_limit, expires_at, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT l.id, $1, $2, l.line_item_id, l.digital_id, l.digest, l.salt, $3, $4, $5, $5
       FROM unnest($6::bigint[], $7::bigint[], $8::bigint[], $9::text[], $10::text[])
         AS l(id, line_item_id, digital_id, digest, salt)`,
      [
        order.storeId,
        order.id,
        this.config.DIGITAL_LINK_DOWNLOAD_LIMIT,
        issued[0].expiresAt,
        issuedAt,
        issued.map((link) => link.id),
        issued.map((link) => link.lineItemId),
        issued.map((link) => link.digitalId),
        issued.map((link) => link.tokenDigest),
        issued.map((link) => link.tokenSalt),
      ],
    );
    const files = new Map(wanted.map((link) => [link.id, link]));
    await this.events.publishAll(
      { manager, storeId: order.storeId },
      issued.map((link) => ({
        name: 'digital_link.created',
        payload: { ...this.serializer.serialize(link) },
      })),
    );
    this.issued.set(
      order,
      issued.map((link) => this.forBuyer(link, files.get(link.id)!)),
    );
  }

  /**
   * The order's links with their download URLs, for its buyer only. Links whose file was
   * deleted are left out (their URL answers `attachment_missing`).
   */
  async viewsFor(
    manager: EntityManager,
    order: Pick<Order, 'id'>,
  ): Promise<BuyerDigitalLinkView[]> {
    const issued = this.issued.get(order);
    if (issued) return issued;
    // Outside a transaction, buyers' views read at once (a backlog of order mails) share one read.
    const rows = manager.queryRunner
      ? (await this.linkRows(manager, [order.id]))[0]
      : await this.reading.run({ manager, orderId: order.id });
    return rows.map((row) =>
      this.forBuyer(entityFromRow(manager, DigitalLink, row), {
        digital_id: row.digitalId as string,
        filename: row.file_name as string,
        content_type: row.file_content_type as string,
        byte_size: row.file_byte_size as number,
      }),
    );
  }

  /** The links of each order, with their files (links whose file was deleted left out). */
  private async linkRows(manager: EntityManager, orderIds: string[]): Promise<LinkRow[][]> {
    const { rows } = await preparedIn<LinkRow>(
      manager,
      'digital_links_of_orders',
      `SELECT ${entityColumns(manager, DigitalLink, 'l')}, d.filename AS file_name,
              d.content_type AS file_content_type, d.byte_size AS file_byte_size
         FROM digital_links l JOIN digitals d ON d.id = l.digital_id
        WHERE l.order_id = ANY(${opaqueArray(1, 'bigint')}) ORDER BY l.id`,
      [orderIds],
    );
    const byOrder = new Map<string, LinkRow[]>(orderIds.map((id) => [String(id), []]));
    for (const row of rows) byOrder.get(String(row.orderId))?.push(row);
    return orderIds.map((id) => byOrder.get(String(id))!);
  }

  private forBuyer(link: DigitalLink, file: LinkedFile): BuyerDigitalLinkView {
    const digital = Object.assign(new Digital(), {
      id: file.digital_id,
      filename: file.filename,
      contentType: file.content_type,
      byteSize: file.byte_size,
    });
    return this.serializer.serializeForBuyer(link, digital, this.tokens.tokenOf(link));
  }
}
