import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { CustomerRecords } from '../customers/index.js';
import { giftCardColumns } from './gift-card-columns.js';
import { GiftCardSerializer, type GiftCardView } from './gift-card.serializer.js';
import { giftCardPage } from './gift-card-page.js';
import type { StoredGiftCard } from './gift-card-wallet.js';

/** The cards of a customer: sent to its e-mail address, or spent by it. */
const MINE = `g.store_id = $1 AND (g.customer_id = $2 OR g.recipient_email = lower($3))`;

/** A signed-in customer's own gift cards. */
@Injectable()
export class CustomerGiftCardsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly ids: PublicIdCodec,
    private readonly serializer: GiftCardSerializer,
  ) {}

  async list(
    storeId: string,
    customerId: string,
    query: PaginationQuery,
  ): Promise<Page<GiftCardView>> {
    return giftCardPage(
      this.dataSource.manager,
      { where: MINE, parameters: await this.owner(storeId, customerId) },
      query,
      (card) => this.serializer.forShopper(card),
    );
  }

  /** Another customer's card is not found. */
  async show(storeId: string, customerId: string, publicId: string): Promise<GiftCardView> {
    const parameters = await this.owner(storeId, customerId);
    const id = this.ids.decode(ID_PREFIX.giftCard, publicId);
    const [card]: StoredGiftCard[] = id
      ? await this.dataSource.manager.query(
          `SELECT ${giftCardColumns('g')} FROM gift_cards g WHERE ${MINE} AND g.id = $4`,
          [...parameters, id],
        )
      : [];
    if (!card) throw StoreError.notFound('gift card');
    return this.serializer.forShopper(card);
  }

  private async owner(storeId: string, customerId: string): Promise<unknown[]> {
    const customer = await this.customers.signedIn(storeId, customerId);
    return [storeId, customerId, customer.email];
  }
}
