import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderExtensions } from '../orders/index.js';
import { DigitalLinkSerializer, type LineDigitalLinkView } from './digital-link.serializer.js';
import { DigitalLinksService } from './digital-links.service.js';

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
    this.extensions.onOrderPlaced(({ manager, order }) => this.links.issueFor(manager, order));
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
