import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { CreditCard } from './credit-card.entity.js';

/** The client's `CreditCard`: brand, last four digits, expiry, holder, default and token. */
export interface CreditCardView {
  id: string;
  brand: string;
  last4: string;
  month: number;
  year: number;
  name: string | null;
  default: boolean;
  gateway_payment_profile_id: string | null;
}

@Injectable()
export class CreditCardSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  publicId(card: Pick<CreditCard, 'id'>): string {
    return this.ids.encode(ID_PREFIX.creditCard, card.id);
  }

  decode(publicId: string): string | undefined {
    return this.ids.decode(ID_PREFIX.creditCard, publicId);
  }

  serialize(card: CreditCard): CreditCardView {
    return {
      id: this.publicId(card),
      brand: card.ccType,
      last4: card.lastDigits,
      month: card.month,
      year: card.year,
      name: card.name,
      default: card.isDefault,
      gateway_payment_profile_id: card.gatewayPaymentProfileId,
    };
  }
}
