import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { storedAmountFields } from '../../../common/money/amount-fields.js';
import { Money } from '../../../common/money/money.js';
import type { OrderView } from '../../orders/index.js';
import {
  DeliveryMethod,
  type DeliveryOption,
  deliveryCost,
  servingOptionsJsonSql,
} from '../../shipping/index.js';

/** An estimated rate in the shape of a v3 delivery rate (see `shippingRateResource`). */
export type EstimatedRate = Record<string, unknown> & { id: string };

/**
 * What shipping a cart to a country would cost before it has an address: every delivery method
 * serving the country as a whole (state zones need the state), priced for all the cart's units
 * in one shipment, the cheapest selected. Taxes need the address and are left out (0).
 */
@Injectable()
export class ShippingEstimates {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
  ) {}

  async toCountry(storeId: string, cart: OrderView, countryIso: string): Promise<EstimatedRate[]> {
    const options = await this.servingOptions(storeId, cart.currency, countryIso);
    if (options.length === 0) return [];
    const methods = await this.dataSource
      .getRepository(DeliveryMethod)
      .findBy({ id: In(options.map((option) => option.id)) });
    const names = new Map(methods.map((method) => [method.id, method.name]));
    const contents = { itemTotal: cart.item_total as string, quantity: cart.total_quantity };
    const costs = options.map((option) => deliveryCost(option, contents, cart.currency));
    const cheapest = costs.reduce(
      (best, cost, index) =>
        Money.of(cost, cart.currency).compare(costs[best]) < 0 ? index : best,
      0,
    );
    return options.map((option, index) => {
      const id = this.ids.encode(ID_PREFIX.deliveryMethod, option.id);
      const name = names.get(option.id) ?? '';
      return {
        // Not stored: named by what it estimates, apart from the method it prices.
        id: `estimate-${countryIso}-${id}`,
        delivery_method_id: id,
        name,
        selected: index === cheapest,
        ...storedAmountFields('cost', costs[index], cart.currency),
        ...storedAmountFields('total', costs[index], cart.currency),
        ...storedAmountFields('additional_tax_total', '0', cart.currency),
        delivery_method: { id, name, code: null },
      };
    });
  }

  private async servingOptions(
    storeId: string,
    currency: string,
    countryIso: string,
  ): Promise<DeliveryOption[]> {
    const sql = servingOptionsJsonSql({ store: '$1', currency: '$2', country: '$3', state: "''" });
    const rows: { options: DeliveryOption[] }[] = await this.dataSource.query(
      `SELECT ${sql} AS options`,
      [storeId, currency, countryIso],
    );
    return rows[0].options;
  }
}
