import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderExtensions } from '../orders/index.js';
import { DigitalLinksService } from './digital-links.service.js';

/**
 * Digital downloads in the order flow: links are issued in the transaction that places an
 * order, and its buyer's views list them as `digital_links` (their URLs hold the download
 * tokens, so admin views and event payloads never do).
 */
@Injectable()
export class DigitalOrderHooks implements OnModuleInit {
  constructor(
    private readonly extensions: OrderExtensions,
    private readonly links: DigitalLinksService,
  ) {}

  onModuleInit(): void {
    this.extensions.onOrderPlaced(({ manager, order }) => this.links.issueFor(manager, order));
    this.extensions.addBuyerViewFields(async ({ manager, order }) => ({
      digital_links: await this.links.viewsFor(manager, order),
    }));
  }
}
