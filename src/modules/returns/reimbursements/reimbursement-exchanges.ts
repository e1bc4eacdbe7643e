import { Injectable } from '@nestjs/common';
import { Money } from '../../../common/money/money.js';
import { StockLedger } from '../../catalog/index.js';
import {
  addReimbursed,
  type OrderChange,
  OrderExchangeUnits,
  PaymentSessionsService,
  PaymentSettlement,
} from '../../orders/index.js';
import type { RefundPart } from '../domain/refund-split.js';
import type { Reimbursement } from '../entities/reimbursement.entity.js';
import type { ReturnItem } from '../entities/return-item.entity.js';
import type { CreateReimbursementBody } from './dto/reimbursement.body.js';
import { ReimbursementPlanning } from './reimbursement-planning.js';

/** Returned units to exchange for one variant, and the line the first of them came from. */
interface ExchangeGroup {
  variantId: string;
  quantity: number;
  returnedLineItemId: string;
}

/**
 * An exchange, in the order's change: for each exchange variant, its units added to the order as a
 * line at its current price with tax, taken from stock through the ledger (a `sale` movement
 * naming the order, its reason the reimbursement's number) and shipped in a new shipment. The
 * returned units' value goes toward the new ones (it counts as paid, up to what they cost); the
 * payment state follows: a higher price leaves a balance due, which gets a payment session, and
 * the new shipment waits for it; a lower one is refunded (the parts answered, refunded once the
 * change is committed).
 */
@Injectable()
export class ReimbursementExchanges {
  constructor(
    private readonly units: OrderExchangeUnits,
    private readonly ledger: StockLedger,
    private readonly settlement: PaymentSettlement,
    private readonly sessions: PaymentSessionsService,
    private readonly planning: ReimbursementPlanning,
  ) {}

  async exchange(
    change: OrderChange,
    reimbursement: Reimbursement,
    items: readonly ReturnItem[],
    body: CreateReimbursementBody,
  ): Promise<RefundPart[]> {
    const { manager, order } = change;
    const lineItemIds: string[] = [];
    const shipmentIds: string[] = [];
    let value = Money.zero(order.currency);
    for (const group of byExchangeVariant(items)) {
      const line = await this.units.add(change, group.variantId, group.quantity);
      const [taken] = await this.ledger.take(
        manager,
        order.storeId,
        [{ variantId: group.variantId, quantity: group.quantity }],
        {
          action: 'sale',
          originatorType: 'order',
          originatorId: order.id,
          reason: reimbursement.number,
        },
      );
      lineItemIds.push(line.lineItemId);
      shipmentIds.push(
        await this.units.ship(
          change,
          line.lineItemId,
          group.returnedLineItemId,
          taken?.stockLocationId,
        ),
      );
      value = value.plus(line.value);
    }
    const returned = Money.of(reimbursement.total, order.currency);
    Object.assign(reimbursement, {
      exchangeTotal: value.toString(),
      exchangeLineItemIds: lineItemIds,
      exchangeShipmentIds: shipmentIds,
    });
    await addReimbursed(manager, order, value.min(returned).toString());
    await this.settlement.settle(change);
    if (order.paymentState === 'balance_due') {
      reimbursement.paymentSessionId =
        (await this.sessions.openForBalance(manager, order))?.id ?? null;
    }
    const refund = returned.minus(value).round();
    if (refund.isNegative() || refund.isZero()) return [];
    return this.planning.refundParts(manager, order, refund, body);
  }
}

/** The units by exchange variant, in variant order (as the ledger takes stock). */
function byExchangeVariant(items: readonly ReturnItem[]): ExchangeGroup[] {
  const groups = new Map<string, ExchangeGroup>();
  for (const item of items) {
    const variantId = item.exchangeVariantId!;
    const group = groups.get(variantId);
    if (group) group.quantity += 1;
    else groups.set(variantId, { variantId, quantity: 1, returnedLineItemId: item.lineItemId });
  }
  return [...groups.values()].sort((a, b) => (BigInt(a.variantId) < BigInt(b.variantId) ? -1 : 1));
}
