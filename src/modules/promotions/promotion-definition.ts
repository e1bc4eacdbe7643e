import type {
  CurrencyAmounts,
  ListMatch,
  PromotionAction as ActionDefinition,
  PromotionDefinition,
  PromotionRule as RuleDefinition,
} from './domain/index.js';
import type { PromotionAction } from './entities/promotion-action.entity.js';
import type { PromotionRule } from './entities/promotion-rule.entity.js';
import type { Promotion } from './entities/promotion.entity.js';
import type { PromotionRow } from './promotion-json-sql.js';

type Stored = Record<string, unknown>;
const list = (value: unknown) => (value ?? []) as string[];
const amounts = (value: unknown) => value as CurrencyAmounts;
const optional = <T>(key: string, value: T | undefined) =>
  value === undefined ? {} : { [key]: value };

/** A stored rule as the calculator reads it; record ids are database keys. */
export function ruleDefinition({
  type,
  preferences: p,
}: Pick<PromotionRule, 'type' | 'preferences'>): RuleDefinition {
  const match = { match: (p.match_policy ?? 'any') as ListMatch };
  switch (type) {
    case 'item_total':
      return {
        type,
        ...optional('min', p.amount_min as Stored | undefined),
        ...optional('max', p.amount_max as Stored | undefined),
      } as RuleDefinition;
    case 'product':
      return { type, productIds: list(p.product_ids), ...match };
    case 'category':
      return { type, categoryIds: list(p.category_ids), ...match };
    case 'quantity':
      return { type, min: p.min_quantity as number };
    case 'customer':
      return { type, customerIds: list(p.customer_ids) };
    case 'customer_tag':
      return { type, tagIds: list(p.tags) };
    case 'currency':
      return { type, currencies: list(p.currencies) };
    case 'country':
      return { type, countryIsos: list(p.country_codes) };
    case 'zone':
      return { type, zoneIds: list(p.zone_ids) };
    default:
      return { type } as RuleDefinition;
  }
}

/** A stored action as the calculator reads it. */
export function actionDefinition({
  type,
  preferences: p,
}: Pick<PromotionAction, 'type' | 'preferences'>): ActionDefinition {
  const maxQuantity = optional('maxQuantity', p.max_quantity as number | undefined);
  switch (type) {
    case 'order_percent':
      return { type, percent: p.percent as string };
    case 'order_fixed':
      return { type, amount: amounts(p.amount) };
    case 'line_percent':
      return { type, percent: p.percent as string, ...maxQuantity };
    case 'line_fixed':
      return {
        type,
        amount: amounts(p.amount),
        per: (p.per ?? 'line') as 'line' | 'unit',
        ...maxQuantity,
      };
    case 'buy_x_get_y':
      return {
        type,
        buyQuantity: p.buy_quantity as number,
        getQuantity: p.get_quantity as number,
        ...optional('percent', p.percent as string | undefined),
      };
    default:
      return { type: 'free_shipping' };
  }
}

/** A stored promotion (with its rules and actions) as the calculator takes it. */
export function promotionDefinition(
  promotion: Promotion & { rules: PromotionRule[]; actions: PromotionAction[] },
  code?: string,
): PromotionDefinition {
  return {
    id: promotion.id,
    name: promotion.name,
    ...optional('code', code),
    priority: promotion.priority,
    exclusive: promotion.exclusive,
    matchPolicy: promotion.matchPolicy,
    rules: promotion.rules.map(ruleDefinition),
    actions: promotion.actions.map(actionDefinition),
  };
}

/** A promotion read by `promotionJsonSql` as the calculator takes it. */
export function rowDefinition(row: PromotionRow, code?: string): PromotionDefinition {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...optional('code', code),
    priority: row.priority,
    exclusive: row.exclusive,
    matchPolicy: row.match_policy,
    rules: row.rules.map((rule) =>
      ruleDefinition(rule as Pick<PromotionRule, 'type' | 'preferences'>),
    ),
    actions: row.actions.map((action) =>
      actionDefinition(action as Pick<PromotionAction, 'type' | 'preferences'>),
    ),
  };
}
