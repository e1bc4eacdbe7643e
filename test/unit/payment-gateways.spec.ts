import { CheckGateway } from '../../src/modules/payments/check.gateway.js';
import {
  GatewayUnreachable,
  type PaymentGateway,
} from '../../src/modules/payments/payment-gateway.js';
import { TestCardGateway } from '../../src/modules/payments/test-card.gateway.js';

const card = (number: string) => ({ number, month: 12, year: 2099 });

describe('the built-in payment gateways', () => {
  const gateway: PaymentGateway = new TestCardGateway();

  it('test card: charges capture at checkout, authorizations wait to be captured', async () => {
    const source = gateway.tokenize(card('4242424242424242'));
    expect(await gateway.process('10.00', 'USD', source)).toMatchObject({ kind: 'captured' });
    expect(await gateway.authorize('10.00', 'USD', source)).toEqual({
      kind: 'pending',
      reference: expect.stringMatching(/^test_[0-9a-f]{16}$/),
    });
  });

  it('test card: decline, processor error, and a card the gateway never answers for', async () => {
    for (const call of ['process', 'authorize'] as const) {
      expect(
        await gateway[call]('1.00', 'USD', gateway.tokenize(card('4000000000000002'))),
      ).toMatchObject({
        kind: 'declined',
      });
      expect(
        await gateway[call]('1.00', 'USD', gateway.tokenize(card('4000000000000119'))),
      ).toMatchObject({
        kind: 'error',
      });
      await expect(
        gateway[call]('1.00', 'USD', gateway.tokenize(card('4000000000000259'))),
      ).rejects.toBeInstanceOf(GatewayUnreachable);
    }
  });

  it('test card: a saved card is an opaque token that still charges as its card does', async () => {
    const vaulted = (number: string) => gateway.vault!(gateway.tokenize(card(number))!);
    const approved = vaulted('4242424242424242');
    expect(approved).toEqual({
      brand: 'visa',
      last_digits: '4242',
      month: 12,
      year: 2099,
      name: null,
      gateway_payment_profile_id: expect.stringMatching(/^test_card_approve\.[0-9a-f]{24}$/),
    });
    expect(vaulted('4242424242424242').gateway_payment_profile_id).not.toBe(
      approved.gateway_payment_profile_id,
    );
    expect(await gateway.process('10.00', 'USD', approved)).toMatchObject({ kind: 'captured' });
    expect(await gateway.process('1.00', 'USD', vaulted('4000000000000002'))).toMatchObject({
      kind: 'declined',
    });
    expect((new CheckGateway() as PaymentGateway).vault).toBeUndefined();
  });

  it('test card: captures and refunds succeed whatever the amount', async () => {
    for (const amount of ['5.00', '5.9', '5.91', '5.92', '12.92', '0.91']) {
      expect(await gateway.capture('test_a', amount, 'USD')).toEqual({
        kind: 'done',
        reference: 'test_a',
      });
      expect(await gateway.refund('test_a', amount, 'USD')).toEqual({
        kind: 'done',
        reference: expect.stringMatching(/^test_[0-9a-f]{16}$/),
      });
    }
    expect(await gateway.void('test_a')).toEqual({ kind: 'done', reference: 'test_a' });
  });

  /** The reference of an authorization with the card `number`. */
  const authorizedWith = async (number: string): Promise<string> => {
    const outcome = await gateway.authorize('20.00', 'USD', gateway.tokenize(card(number)));
    expect(outcome).toMatchObject({ kind: 'pending', reference: expect.stringMatching(/^test_/) });
    return (outcome as { reference: string }).reference;
  };

  it('test card: the card decides what its captures and refunds do', async () => {
    const captureRefused = await authorizedWith('4000000000000341');
    expect(await gateway.capture(captureRefused, '20.00', 'USD')).toMatchObject({ kind: 'error' });
    expect(await gateway.refund(captureRefused, '1.00', 'USD')).toMatchObject({ kind: 'done' });
    expect(await gateway.void(captureRefused)).toMatchObject({ kind: 'done' });

    const refundRefused = await authorizedWith('4000000000005126');
    expect(await gateway.capture(refundRefused, '20.00', 'USD')).toMatchObject({ kind: 'done' });
    expect(await gateway.refund(refundRefused, '1.00', 'USD')).toMatchObject({ kind: 'error' });

    const captureLost = await authorizedWith('4000000000000077');
    await expect(gateway.capture(captureLost, '20.00', 'USD')).rejects.toBeInstanceOf(
      GatewayUnreachable,
    );
    const refundLost = await authorizedWith('4000000000009995');
    expect(await gateway.capture(refundLost, '20.00', 'USD')).toMatchObject({ kind: 'done' });
    await expect(gateway.refund(refundLost, '1.00', 'USD')).rejects.toBeInstanceOf(
      GatewayUnreachable,
    );
  });

  it('test card: an operation is done once under its idempotency key, and can be looked up', async () => {
    const approved = await authorizedWith('4242424242424242');
    expect(await gateway.lookup!('key-1')).toBeUndefined();
    const first = await gateway.refund(approved, '3.00', 'USD', 'key-1');
    expect(first).toEqual({ kind: 'done', reference: expect.stringMatching(/^test_/) });
    // A retry under the same key answers the first outcome: the same refund, not a second one.
    expect(await gateway.refund(approved, '3.00', 'USD', 'key-1')).toEqual(first);
    expect(await gateway.lookup!('key-1')).toEqual(first);

    // An authorization is kept under its key too: a retry holds nothing more.
    const source = gateway.tokenize(card('4242424242424242'));
    const held = await gateway.authorize('9.00', 'USD', source, 'key-3');
    expect(held).toEqual({ kind: 'pending', reference: expect.stringMatching(/^test_/) });
    expect(await gateway.authorize('9.00', 'USD', source, 'key-3')).toEqual(held);
    expect(await gateway.lookup!('key-3')).toEqual(held);

    // A lost answer: the gateway did it, and says so when asked by the key.
    const captureLost = await authorizedWith('4000000000000077');
    await expect(gateway.capture(captureLost, '20.00', 'USD', 'key-2')).rejects.toBeInstanceOf(
      GatewayUnreachable,
    );
    expect(await gateway.lookup!('key-2')).toEqual({ kind: 'done', reference: captureLost });
  });

  it('check: pending until staff capture it; every step succeeds', async () => {
    const check = new CheckGateway();
    expect(await check.process()).toEqual({ kind: 'pending', reference: null });
    expect(await check.authorize()).toEqual({ kind: 'pending', reference: null });
    for (const step of [check.capture(), check.void(), check.refund()]) {
      expect(await step).toEqual({ kind: 'done', reference: null });
    }
  });
});
