import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DeliveryCalculator } from './delivery-method.entity.js';

/** Where an order ships: which methods serve it depends on the country and the currency. */
export interface ShippingDestination {
  storeId: string;
  currency: string;
  countryIso: string;
}

/** A delivery method that serves a destination, with what its calculator needs. */
export interface DeliveryOption {
  id: string;
  calculator: DeliveryCalculator;
  amount: string;
  minimumAmount: string | null;
  taxCategory: string | null;
}

/** The active delivery methods of a store that ship to a destination, in the store's order. */
@Injectable()
export class DeliveryOptions {
  async serving(
    manager: EntityManager,
    destination: ShippingDestination,
  ): Promise<DeliveryOption[]> {
    return manager.query(
      `SELECT dm.id::text AS id, dm.calculator, dm.amount::text AS amount,
              dm.minimum_amount::text AS "minimumAmount", dm.tax_category AS "taxCategory"
       FROM delivery_methods dm JOIN zones z ON z.id = dm.zone_id
       WHERE dm.store_id = $1 AND dm.active AND dm.currency = $2 AND $3 = ANY(z.country_isos)
       ORDER BY dm.position, dm.id`,
      [destination.storeId, destination.currency, destination.countryIso],
    );
  }
}
