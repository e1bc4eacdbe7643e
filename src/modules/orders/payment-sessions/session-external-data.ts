import { StoreError } from '../../../common/errors/store-error.js';
import type { CardInput, PaymentSource } from '../../payments/index.js';
import type { PaymentGateways } from '../../payments/index.js';
import { mergeMetadata, metadataFits } from '../domain/metadata.js';
import type { PaymentSession } from './payment-session.entity.js';

type Gateway = ReturnType<PaymentGateways['for']>;

/**
 * A payment session's gateway data: what the storefront sent, kept as sent, except the card
 * (`card`), which only the gateway's tokenized source keeps (never its number).
 */
export class SessionExternalData {
  private constructor(
    readonly kept: Record<string, unknown>,
    readonly source: PaymentSource | null,
  ) {}

  static start(gateway: Gateway, sent: Record<string, unknown> = {}): SessionExternalData {
    return new SessionExternalData({}, null).update(gateway, sent);
  }

  static of(session: PaymentSession): SessionExternalData {
    return new SessionExternalData(session.externalData ?? {}, session.source);
  }

  /** The same data charging another source (a saved card). */
  withSource(source: PaymentSource): SessionExternalData {
    return new SessionExternalData(this.kept, source);
  }

  /**
   * Applies what the storefront sent: keys set, keys sent as null removed; a `card` is checked
   * and tokenized by the gateway (422 on `external_data.card.*`), `card: null` forgets it.
   */
  update(gateway: Gateway, sent: Record<string, unknown>): SessionExternalData {
    const { card, ...rest } = sent;
    const kept = mergeMetadata(this.kept, rest);
    if (!metadataFits(kept)) {
      throw new StoreError('validation_error', 'The request failed validation', {
        external_data: ['the session’s external_data would be larger than the limit'],
      });
    }
    let source = this.source;
    if (card === null) source = null;
    else if (card !== undefined) {
      source = gateway.tokenize(card as CardInput, 'external_data.card');
    }
    return new SessionExternalData(kept, source);
  }
}
