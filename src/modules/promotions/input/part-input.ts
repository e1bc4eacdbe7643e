import type { EntityManager } from 'typeorm';
import { fieldInvalid } from '../../../common/records/store-records.js';
import {
  type PartSpec,
  type PreferenceSpec,
  type RecordKind,
  TOP_LEVEL_IDS,
} from './part-specs.js';
import { stringList, VALUE_CHECKS } from './preference-values.js';
import type { PromotionReferences } from './record-references.js';

/** A rule or action as the API takes it (Spree's shape: some id lists beside the preferences). */
export interface PartInput {
  type: string;
  preferences?: Record<string, unknown>;
  product_ids?: string[];
  category_ids?: string[];
  customer_ids?: string[];
}

export interface CheckedPart {
  type: string;
  preferences: Record<string, unknown>;
}

export interface PartContext {
  manager: EntityManager;
  storeId: string;
  references: PromotionReferences;
}

const RECORD_KINDS = new Set<string>(['product_ids', 'category_ids', 'customer_ids', 'zone_ids']);

/**
 * The part checked against its type's spec, as stored; the first bad value is 422
 * `validation_error` naming its field under `path` (`rules.0` → `rules.0.preferences.percent`).
 */
export async function checkedPart(
  specs: readonly PartSpec[],
  input: PartInput,
  path: string,
  context: PartContext,
): Promise<CheckedPart> {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const spec = specs.find((candidate) => candidate.type === input.type);
  if (!spec)
    throw fieldInvalid(at('type'), `must be one of ${specs.map((known) => known.type).join(', ')}`);
  const sent: Record<string, { value: unknown; field: string }> = {};
  for (const [key, value] of Object.entries(input.preferences ?? {}))
    sent[key] = { value, field: at(`preferences.${key}`) };
  for (const key of TOP_LEVEL_IDS)
    if (input[key] !== undefined) sent[key] = { value: input[key], field: at(key) };
  const known = new Set(spec.preferences.map((preference) => preference.key));
  const extra = Object.keys(sent).find((key) => !known.has(key));
  if (extra !== undefined)
    throw fieldInvalid(sent[extra].field, `is not a preference of ${spec.type}${takes(spec)}`);
  const preferences: Record<string, unknown> = {};
  for (const preference of spec.preferences) {
    const given = sent[preference.key];
    const field = given?.field ?? fieldOf(preference, at);
    if (given === undefined || given.value === null) {
      if (preference.required) throw fieldInvalid(field, `is required by ${spec.type}`);
      continue;
    }
    preferences[preference.key] = await checkedValue(preference, given.value, field, context);
  }
  if (spec.type === 'item_total' && !preferences.amount_min && !preferences.amount_max)
    throw fieldInvalid(at('preferences'), 'item_total needs amount_min, amount_max or both');
  return { type: spec.type, preferences };
}

function takes(spec: PartSpec): string {
  const keys = spec.preferences.map((preference) => preference.key);
  return keys.length ? ` (it takes ${keys.join(', ')})` : ' (it takes none)';
}

function fieldOf(preference: PreferenceSpec, at: (field: string) => string): string {
  return (TOP_LEVEL_IDS as readonly string[]).includes(preference.key)
    ? at(preference.key)
    : at(`preferences.${preference.key}`);
}

async function checkedValue(
  preference: PreferenceSpec,
  value: unknown,
  field: string,
  { manager, storeId, references }: PartContext,
): Promise<unknown> {
  if (RECORD_KINDS.has(preference.kind)) {
    const publicIds = stringList(value, field, undefined, 'ids');
    return references.keysOf(manager, storeId, preference.kind as RecordKind, publicIds, field);
  }
  const checked = VALUE_CHECKS[preference.kind as keyof typeof VALUE_CHECKS](value, field);
  if (preference.kind === 'country_codes')
    await references.assertCountries(manager, checked as string[], field);
  return checked;
}
