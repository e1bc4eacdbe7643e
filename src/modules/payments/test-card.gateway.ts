import { randomBytes } from 'node:crypto';
import { StoreError } from '../../common/errors/store-error.js';
import type { PaymentSource } from './payment-source.js';
import { type LedgerOutcome, MemoryLedger, type TestGatewayLedger } from './test-gateway-ledger.js';
import {
  type CardInput,
  type GatewayActionOutcome,
  type GatewayOutcome,
  GatewayUnreachable,
  type PaymentGateway,
} from './payment-gateway.js';

/** What a test card does when charged or authorized, and to the captures, voids and refunds after. */
type TestCardBehaviour =
  | 'approve'
  | 'decline'
  | 'gateway_error'
  | 'unreachable'
  | 'slow'
  | 'slow_follow_up'
  | 'capture_refused'
  | 'capture_lost'
  | 'refund_refused'
  | 'refund_lost';

/** How long a slow test card keeps a call waiting before answering it. */
export const SLOW_CARD_DELAY_MS = 1500;

/**
 * The documented test cards (docs/api.md, "Payments"). Any other well-formed number is
 * declined, as a real processor declines a card it does not know. Outcomes depend on the card
 * only, never on the amount.
 */
export const TEST_CARDS: Record<string, TestCardBehaviour> = {
  '4242424242424242': 'approve',
  '4111111111111111': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '4000000000000119': 'gateway_error',
  '4000000000000259': 'unreachable',
  '4000000000006975': 'slow',
  '4000000000000044': 'slow_follow_up',
  '4000000000000341': 'capture_refused',
  '4000000000000077': 'capture_lost',
  '4000000000005126': 'refund_refused',
  '4000000000009995': 'refund_lost',
};

/** Behaviours that approve the charge and show only in what follows it: the reference carries them. */
const FOLLOW_UP_BEHAVIOURS = new Set<TestCardBehaviour>([
  'slow_follow_up',
  'capture_refused',
  'capture_lost',
  'refund_refused',
  'refund_lost',
]);

type FollowUp = 'capture' | 'void' | 'refund';

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
 * capturing it. What captures, voids and refunds do is chosen by the card too, carried in the
 * charge's reference (`test_<behaviour>_…`): refused, done but the answer lost, or answered
 * after `SLOW_CARD_DELAY_MS`. Given an idempotency key, a follow-up is done once under it (its
 * `ledger`): a retry answers the first call's outcome, and `lookup` tells what was done.
 *
 * A saved card's token is its profile id followed by `.` and 24 random hex digits
 * (`test_card_approve.3f…`): opaque to the shopper, while the gateway still reads from it what
 * the card does when charged.
 */
export class TestCardGateway implements PaymentGateway {
  readonly sessionRequired = true;
  readonly sourceRequired = true;
  readonly remote = true;

  constructor(private readonly ledger: TestGatewayLedger = new MemoryLedger()) {}

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
    key?: string,
  ): Promise<GatewayOutcome> {
    return this.charge(source, 'pending', key);
  }

  capture(
    reference: string | null,
    _amount: string,
    _currency: string,
    key?: string,
  ): Promise<GatewayActionOutcome> {
    return this.follow(reference, 'capture', key);
  }

  void(reference: string | null, key?: string): Promise<GatewayActionOutcome> {
    return this.follow(reference, 'void', key);
  }

  refund(
    reference: string | null,
    _amount: string,
    _currency: string,
    key?: string,
  ): Promise<GatewayActionOutcome> {
    return this.follow(reference, 'refund', key);
  }

  async lookup(key: string): Promise<LedgerOutcome | undefined> {
    return (await this.ledger.find(key))?.outcome;
  }

  /** A charge or authorization, as the card behind `source` has it done (once under `key`). */
  private async charge(
    source: PaymentSource | null,
    approved: 'captured' | 'pending',
    key?: string,
  ): Promise<GatewayOutcome> {
    const behaviour = source?.gateway_payment_profile_id
      ?.slice(PROFILE_PREFIX.length)
      .split('.')[0] as TestCardBehaviour | undefined;
    if (behaviour === 'unreachable') {
      throw new GatewayUnreachable('The test gateway did not answer (simulated)');
    }
    const perform = () => chargeOutcome(behaviour, approved);
    const outcome = key
      ? ((await this.ledger.once(key, 'authorize', perform)).outcome as GatewayOutcome)
      : perform();
    if (behaviour === 'slow') await delay(SLOW_CARD_DELAY_MS);
    return outcome;
  }

  /** A capture, void or refund, as the card behind `reference` has it done. */
  private async follow(
    reference: string | null,
    action: FollowUp,
    key: string | undefined,
  ): Promise<GatewayActionOutcome> {
    const behaviour = behaviourOf(reference);
    const perform = (): GatewayActionOutcome =>
      refuses(behaviour, action)
        ? {
            kind: 'error',
            message: `The test gateway refused the ${action} (simulated processor refusal)`,
          }
        : { kind: 'done', reference: action === 'refund' ? newReference() : reference };
    const outcome = key
      ? ((await this.ledger.once(key, action, perform)).outcome as GatewayActionOutcome)
      : perform();
    // Done at once, answered late: a crash while waiting leaves it done but not known to be.
    if (behaviour === 'slow_follow_up') await delay(SLOW_CARD_DELAY_MS);
    if (losesAnswer(behaviour, action)) {
      throw new GatewayUnreachable('The test gateway did not answer (simulated)');
    }
    return outcome;
  }
}

/** What a card that answers does with a charge (approved as `approved`). */
function chargeOutcome(
  behaviour: TestCardBehaviour | undefined,
  approved: 'captured' | 'pending',
): GatewayOutcome {
  const reference = newReference(behaviour);
  if (behaviour === 'approve' || behaviour === 'slow') return { kind: approved, reference };
  if (behaviour !== undefined && FOLLOW_UP_BEHAVIOURS.has(behaviour)) {
    return { kind: approved, reference };
  }
  if (behaviour === 'gateway_error') {
    return {
      kind: 'error',
      message: 'The test gateway could not be reached (simulated processor error)',
    };
  }
  return { kind: 'declined', message: 'The card was declined', reference };
}

/** The follow-up behaviour a reference of this gateway carries, if any. */
function behaviourOf(reference: string | null): TestCardBehaviour | undefined {
  const named = /^test_([a-z_]+)_[0-9a-f]+$/.exec(reference ?? '')?.[1] as TestCardBehaviour;
  return FOLLOW_UP_BEHAVIOURS.has(named) ? named : undefined;
}

const refuses = (behaviour: TestCardBehaviour | undefined, action: FollowUp) =>
  (behaviour === 'capture_refused' && action === 'capture') ||
  (behaviour === 'refund_refused' && action === 'refund');

const losesAnswer = (behaviour: TestCardBehaviour | undefined, action: FollowUp) =>
  (behaviour === 'capture_lost' && action === 'capture') ||
  (behaviour === 'refund_lost' && action === 'refund');

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new reference; one for a card whose follow-ups misbehave names how. */
const newReference = (behaviour?: string) =>
  behaviour && FOLLOW_UP_BEHAVIOURS.has(behaviour as TestCardBehaviour)
    ? `test_${behaviour}_${randomBytes(8).toString('hex')}`
    : `test_${randomBytes(8).toString('hex')}`;
