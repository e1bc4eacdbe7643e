import { Money } from '../../common/money/money.js';
import type { GiftCard } from './gift-card.entity.js';

export type GiftCardStatus = 'active' | 'redeemed' | 'expired' | 'disabled';

type StatusFacts = Pick<
  GiftCard,
  'amount' | 'amountUsed' | 'currency' | 'expiresAt' | 'disabledAt'
>;

/** What is left to spend of a card. */
export function remainingOf(card: Pick<GiftCard, 'amount' | 'amountUsed' | 'currency'>): Money {
  return Money.of(card.amount, card.currency).minus(Money.of(card.amountUsed, card.currency));
}

export function isExpired(card: Pick<GiftCard, 'expiresAt'>, now = new Date()): boolean {
  return card.expiresAt !== null && new Date(card.expiresAt).getTime() <= now.getTime();
}

/** Disabled by staff, else spent to nothing, else past its expiry, else active. */
export function statusOf(card: StatusFacts, now = new Date()): GiftCardStatus {
  if (card.disabledAt !== null) return 'disabled';
  const left = remainingOf(card);
  if (left.isZero() || left.isNegative()) return 'redeemed';
  if (isExpired(card, now)) return 'expired';
  return 'active';
}

/**
 * Why a card cannot pay for a cart in `currency` (the message `details.code` carries), or null
 * when it can.
 */
export function refusalOf(card: StatusFacts, currency: string): string | null {
  if (card.currency !== currency) return `is in ${card.currency}, not the cart's ${currency}`;
  switch (statusOf(card)) {
    case 'disabled':
      return 'is disabled';
    case 'redeemed':
      return 'has no balance left';
    case 'expired':
      return 'has expired';
    case 'active':
      return null;
  }
}
