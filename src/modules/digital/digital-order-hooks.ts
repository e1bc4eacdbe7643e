import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderExtensions, PlacingColumns, placingColumn } from '../orders/index.js';
import { DigitalLinkSerializer, type LineDigitalLinkView } from './digital-link.serializer.js';
import {
  DigitalLinksService,
  WANTED_LINKS_COLUMN,
  type WantedLink,
} from './digital-links.service.js';

/**
 * Digital downloads in the order flow: links are issued in the transaction that places an
 * order, and its buyer's views list them, on the order as `digital_links` and on each line item
 * as its own `digital_links` (their URLs hold the download tokens, so admin views and event
 * payloads never do).
 */
@Injectable()
export class DigitalOrderHooks implements OnModuleInit {
  constructor(
    private readonly extensions: OrderExtensions,
    private readonly links: DigitalLinksService,
    private readonly serializer: DigitalLinkSerializer,
  ) {}

  onModuleInit(): void {
    PlacingColumns.add(WANTED_LINKS_COLUMN);
    this.extensions.onOrderPlaced((context) =>
      this.links.issueFor(
        context.manager,
        context.order,
        placingColumn(context, WANTED_LINKS_COLUMN.name) as WantedLink[] | undefined,
      ),
    );
    this.extensions.addBuyerViewFields(async ({ manager, order }) => {
      const links = await this.links.viewsFor(manager, order);
      const now = new Date();
      const byLine = new Map<string, { digital_links: LineDigitalLinkView[] }>();
      for (const link of links) {
        const line = byLine.get(link.line_item_id) ?? { digital_links: [] };
        line.digital_links.push(this.serializer.forLine(link, order, now));
        byLine.set(link.line_item_id, line);
      }
      return { fields: { digital_links: links }, lineFields: byLine };
    });
  }
}
