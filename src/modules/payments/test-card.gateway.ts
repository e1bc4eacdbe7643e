import { randomBytes } from 'node:crypto';
import { StoreError } from '../../common/errors/store-error.js';
import type { PaymentSource } from './payment-source.js';
import {
  type CardInput,
  type GatewayActionOutcome,
  type GatewayOutcome,
  GatewayUnreachable,
  type PaymentGateway,
} from './payment-gateway.js';

/** What a test card does when charged or authorized. */
type TestCardBehaviour = 'approve' | 'decline' | 'gateway_error' | 'unreachable' | 'slow';

/** How long the slow test card keeps a charge or an authorization waiting before approving it. */
export const SLOW_CARD_DELAY_MS = 1500;

/**
 * The documented test cards (docs/api.md, "Payments"). Any other well-formed number is
 * declined, as a real processor declines a card it does not know.
 */
export const TEST_CARDS: Record<string, TestCardBehaviour> = {
  '4242424242424242': 'approve',
  '4111111111111111': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '4000000000000119': 'gateway_error',
  '4000000000000259': 'unreachable',
  '4000000000006975': 'slow',
};

/**
 * What the cents of an amount make a capture or a refund do (docs/api.md, "Admin payments and
 * refunds"): `.91` is refused by the processor, `.92` loses the connection. Other amounts succeed.
 */
export const TEST_AMOUNT_CENTS: Record<string, 'refuse' | 'unreachable'> = {
  '91': 'refuse',
  '92': 'unreachable',
};

const centsOf = (amount: string) => (amount.split('.')[1] ?? '').padEnd(2, '0').slice(0, 2);

const PROFILE_PREFIX = 'test_card_';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'master';
  if (/^3[47]/.test(digits)) return 'american_express';
  return 'unknown';
}

function asInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value)) return Number(value);
  return undefined;
}

/**
 * A built-in card gateway for development and tests: it authorizes and captures at once, with
 * the outcome chosen by the card number. It keeps only brand, last digits, expiry and a profile
 * id that encodes the outcome, the way a real gateway hands back a vaulted card.
 *
 * The card is `{number, month, year, verification_value?, name?}` (a payment's `source`, or
 * `external_data.card` of a payment session). `number` is a string of 12 to 19 digits (spaces
 * and dashes ignored) passing the Luhn check, `month` 1 to 12 and `year` (numbers or digit
 * strings) not in the past, `verification_value` 3 or 4 digits when given; otherwise 422
 * `validation_error`. Then the number decides: `TEST_CARDS` approve (captured), decline
 * (`payment_failed`) or fail in the processor (`gateway_error`); any other number is declined.
 * `4000 0000 0000 0259` never gets an answer: every call with it throws `GatewayUnreachable`, as a
 * lost connection would; `4000 0000 0000 6975` is approved after `SLOW_CARD_DELAY_MS`, as a slow
 * network gateway would. Authorizing (staff adding a payment) holds the amount instead of
 * capturing it; a capture or refund is refused or loses the connection by the amount's cents
 * (`TEST_AMOUNT_CENTS`); voids always succeed.
 *
 * A saved card's token is its profile id followed by `.` and 24 random hex digits
 * (`test_card_approve.3f…`): opaque to the shopper, while the gateway still reads from it what
 * the card does when charged.
 */
export class TestCardGateway implements PaymentGateway {
  readonly sessionRequired = true;
  readonly sourceRequired = true;
  readonly remote = true;

  openSession(): string {
    return `test_session_${randomBytes(12).toString('hex')}`;
  }

  tokenize(input: CardInput | undefined, field = 'source'): PaymentSource {
    const errors: Record<string, string[]> = {};
    const digits = typeof input?.number === 'string' ? input.number.replace(/[\s-]/g, '') : '';
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
      errors[`${field}.number`] = ['number must be a valid card number'];
    }
    const month = asInteger(input?.month);
    if (month === undefined || month < 1 || month > 12) {
      errors[`${field}.month`] = ['month must be 1 to 12'];
    }
    const year = asInteger(input?.year);
    const now = new Date();
    if (
      year === undefined ||
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month !== undefined && month < now.getUTCMonth() + 1)
    ) {
      errors[`${field}.year`] = ['the card has expired or the year is missing'];
    }
    const cvv = input?.verification_value;
    if (cvv !== undefined && (typeof cvv !== 'string' || !/^\d{3,4}$/.test(cvv))) {
      errors[`${field}.verification_value`] = ['verification_value must be 3 or 4 digits'];
    }
    if (Object.keys(errors).length > 0) {
      throw new StoreError('validation_error', 'The card details are invalid', errors);
    }
    const behaviour = TEST_CARDS[digits] ?? 'decline';
    return {
      brand: brandOf(digits),
      last_digits: digits.slice(-4),
      month,
      year,
      name: typeof input?.name === 'string' ? input.name.slice(0, 255) : null,
      gateway_payment_profile_id: `${PROFILE_PREFIX}${behaviour}`,
    };
  }

  vault(source: PaymentSource): PaymentSource {
    return {
      ...source,
      gateway_payment_profile_id: `${source.gateway_payment_profile_id}.${randomBytes(12).toString('hex')}`,
    };
  }

  process(
    _amount: string,
    _currency: string,
    source: PaymentSource | null,
  ): Promise<GatewayOutcome> {
    return this.charge(source, 'captured');
  }

  authorize(
    _amount: string,
    _currency: string,
    source: PaymentSource | null,
  ): Promise<GatewayOutcome> {
    return this.charge(source, 'pending');
  }

  capture(reference: string | null, amount: string): Promise<GatewayActionOutcome> {
    return this.follow(reference, amount, 'capture');
  }

  void(reference: string | null): Promise<GatewayActionOutcome> {
    return Promise.resolve({ kind: 'done', reference });
  }

  refund(reference: string | null, amount: string): Promise<GatewayActionOutcome> {
    return this.follow(reference, amount, 'refund');
  }

  private charge(
    source: PaymentSource | null,
    approved: 'captured' | 'pending',
  ): Promise<GatewayOutcome> {
    const behaviour = source?.gateway_payment_profile_id
      ?.slice(PROFILE_PREFIX.length)
      .split('.')[0];
    const reference = newReference();
    switch (behaviour) {
      case 'approve':
        return Promise.resolve({ kind: approved, reference });
      case 'slow':
        return new Promise((resolve) =>
          setTimeout(() => resolve({ kind: approved, reference }), SLOW_CARD_DELAY_MS),
        );
      case 'gateway_error':
        return Promise.resolve({
          kind: 'error',
          message: 'The test gateway could not be reached (simulated processor error)',
        });
      case 'unreachable':
        return Promise.reject(
          new GatewayUnreachable('The test gateway did not answer (simulated)'),
        );
      default:
        return Promise.resolve({ kind: 'declined', message: 'The card was declined', reference });
    }
  }

  private follow(
    reference: string | null,
    amount: string,
    action: 'capture' | 'refund',
  ): Promise<GatewayActionOutcome> {
    switch (TEST_AMOUNT_CENTS[centsOf(amount)]) {
      case 'refuse':
        return Promise.resolve({
          kind: 'error',
          message: `The test gateway refused the ${action} (simulated processor refusal)`,
        });
      case 'unreachable':
        return Promise.reject(
          new GatewayUnreachable('The test gateway did not answer (simulated)'),
        );
      default:
        return Promise.resolve({
          kind: 'done',
          reference: action === 'capture' ? reference : newReference(),
        });
    }
  }
}

const newReference = () => `test_${randomBytes(8).toString('hex')}`;
