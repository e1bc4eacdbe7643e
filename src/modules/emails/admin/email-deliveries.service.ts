import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import {
  type CountedPageMeta,
  keysetPage,
  unknownStartingAfter,
} from '../../../common/pagination/keyset-page.js';
import { Customer } from '../../customers/index.js';
import { Order } from '../../orders/index.js';
import type { StoreContext } from '../../stores/index.js';
import { EmailDeliveries } from '../deliveries/email-deliveries.js';
import { EmailDelivery } from '../deliveries/email-delivery.entity.js';
import {
  EmailDeliverySerializer,
  type EmailDeliveryMessageView,
  type EmailDeliveryView,
} from '../deliveries/email-delivery.serializer.js';
import type { ListEmailDeliveriesQuery } from './email-deliveries.query.js';

type Owner = { orderId: string } | { customerId: string };

/** Staff access to the mails sent: an order's or a customer's, one with its message, resending. */
@Injectable()
export class AdminEmailDeliveriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly deliveries: EmailDeliveries,
    private readonly serializer: EmailDeliverySerializer,
  ) {}

  async ofOrder(store: StoreContext, orderPublicId: string, query: ListEmailDeliveriesQuery) {
    const id = this.ids.decode(ID_PREFIX.order, orderPublicId);
    const order =
      id && (await this.dataSource.manager.existsBy(Order, { id, storeId: store.storeId }));
    if (!order) throw StoreError.notFound('order');
    return this.list(store, { orderId: id }, query);
  }

  async ofCustomer(store: StoreContext, customerPublicId: string, query: ListEmailDeliveriesQuery) {
    const id = this.ids.decode(ID_PREFIX.customer, customerPublicId);
    const customer =
      id && (await this.dataSource.manager.existsBy(Customer, { id, storeId: store.storeId }));
    if (!customer) throw StoreError.notFound('customer');
    return this.list(store, { customerId: id }, query);
  }

  async show(store: StoreContext, publicId: string): Promise<EmailDeliveryMessageView> {
    return this.serializer.withMessage(await this.find(store, publicId));
  }

  /** A new delivery of the same mail (`resend_of` the original), sent from the queue. */
  async resend(store: StoreContext, publicId: string): Promise<EmailDeliveryView> {
    const original = await this.find(store, publicId);
    return this.serializer.serialize(await this.deliveries.resend(original));
  }

  private async list(
    store: StoreContext,
    owner: Owner,
    query: ListEmailDeliveriesQuery,
  ): Promise<{ data: EmailDeliveryView[]; meta: CountedPageMeta }> {
    const scope = {
      storeId: store.storeId,
      ...owner,
      ...(query.mail === undefined ? {} : { mail: query.mail }),
      ...(query.status === undefined ? {} : { status: query.status }),
    };
    let after: string | undefined;
    if (query.starting_after !== undefined) {
      const id = this.ids.decode(ID_PREFIX.emailDelivery, query.starting_after);
      const listed =
        id && (await this.dataSource.manager.existsBy(EmailDelivery, { ...scope, id }));
      if (!listed) throw unknownStartingAfter('e-mail delivery');
      after = id;
    }
    const { rows, meta } = await keysetPage({
      select: this.dataSource.manager.createQueryBuilder(EmailDelivery, 'd').where(scope),
      alias: 'd',
      table: 'email_deliveries',
      sort: { property: 'createdAt', column: 'created_at' },
      query,
      after,
    });
    return { data: rows.map((delivery) => this.serializer.serialize(delivery)), meta };
  }

  private async find(store: StoreContext, publicId: string): Promise<EmailDelivery> {
    const id = this.ids.decode(ID_PREFIX.emailDelivery, publicId);
    const delivery = id
      ? await this.dataSource.manager.findOneBy(EmailDelivery, { id, storeId: store.storeId })
      : null;
    if (!delivery) throw StoreError.notFound('e-mail delivery');
    return delivery;
  }
}
