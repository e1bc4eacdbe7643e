/**
 * A JSON object of the promotion aliased `p` as the calculator needs it (`PromotionRow`): its
 * fields, rules and actions. For statements that read promotions together with more.
 */
export function promotionJsonSql(p: string): string {
  return `json_build_object(
    'id', ${p}.id::text, 'name', ${p}.name, 'description', ${p}.description,
    'priority', ${p}.priority, 'exclusive', ${p}.exclusive, 'match_policy', ${p}.match_policy,
    'starts_at', ${p}.starts_at, 'expires_at', ${p}.expires_at,
    'rules', COALESCE((
      SELECT json_agg(json_build_object('type', r.type, 'preferences', r.preferences) ORDER BY r.id)
      FROM promotion_rules r WHERE r.promotion_id = ${p}.id), '[]'),
    'actions', COALESCE((
      SELECT json_agg(json_build_object('type', a.type, 'preferences', a.preferences) ORDER BY a.id)
      FROM promotion_actions a WHERE a.promotion_id = ${p}.id), '[]'))`;
}

/** A promotion as `promotionJsonSql` reads it. */
export interface PromotionRow {
  id: string;
  name: string;
  description: string | null;
  priority: number;
  exclusive: boolean;
  match_policy: 'all' | 'any';
  starts_at: string | null;
  expires_at: string | null;
  rules: { type: string; preferences: Record<string, unknown> }[];
  actions: { type: string; preferences: Record<string, unknown> }[];
}
