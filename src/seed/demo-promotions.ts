import type { EntityManager } from 'typeorm';
import type { ModelEvents } from '../events/index.js';
import {
  CouponCode,
  normalizedCode,
  Promotion,
  PromotionActionEntity,
  type PromotionKind,
  PromotionRuleEntity,
} from '../modules/promotions/index.js';
import type { Store } from '../modules/stores/index.js';

interface DemoPart {
  type: string;
  preferences: Record<string, unknown>;
}

interface DemoPromotion {
  name: string;
  description: string;
  kind: PromotionKind;
  code?: string;
  rules: (store: Store) => DemoPart[];
  actions: DemoPart[];
}

/** Stored as the Admin API stores them once checked (amounts and percents as decimal text). */
const DEMO_PROMOTIONS: readonly DemoPromotion[] = [
  {
    name: 'Welcome 10%',
    description: '10% off the order with the code WELCOME10',
    kind: 'coupon_code',
    code: 'WELCOME10',
    rules: () => [],
    actions: [{ type: 'order_percent', preferences: { percent: '10' } }],
  },
  {
    name: 'Free shipping over 50',
    description: 'Free shipping on orders of 50.00 or more',
    kind: 'automatic',
    rules: (store) => [
      { type: 'item_total', preferences: { amount_min: { [store.defaultCurrency]: '50.00' } } },
    ],
    actions: [{ type: 'free_shipping', preferences: {} }],
  },
];

/**
 * The demo's promotions: the coupon code WELCOME10 (10% off the order) and free shipping over
 * 50.00 in the store's currency, applied to every cart. A promotion the store already has (by
 * name) is left as it is, so seeding again adds nothing. With the application's `events`,
 * `promotion.created` is published for each, as the Admin API does.
 */
export async function seedDemoPromotions(
  manager: EntityManager,
  store: Store,
  events?: ModelEvents,
): Promise<void> {
  for (const demo of DEMO_PROMOTIONS) {
    const exists = await manager.existsBy(Promotion, { storeId: store.id, name: demo.name });
    if (exists) continue;
    const promotion = await manager.save(
      manager.create(Promotion, {
        storeId: store.id,
        name: demo.name,
        description: demo.description,
        kind: demo.kind,
        status: 'active',
      }),
    );
    const parts = { storeId: store.id, promotionId: promotion.id };
    const rules = await manager.save(
      demo.rules(store).map((rule) => manager.create(PromotionRuleEntity, { ...parts, ...rule })),
    );
    const actions = await manager.save(
      demo.actions.map((action) => manager.create(PromotionActionEntity, { ...parts, ...action })),
    );
    const code = demo.code === undefined ? null : normalizedCode(demo.code);
    if (code !== null) await manager.insert(CouponCode, { ...parts, code });
    if (events) {
      // Read back for the columns the database fills in, as the Admin API's event shows them.
      const fresh = await manager.findOneByOrFail(Promotion, { id: promotion.id });
      await events.publish({ manager, storeId: store.id }, 'promotion.created', {
        promotion: fresh,
        rules,
        actions,
        code,
      });
    }
  }
}
