import type { PartSpec } from '../input/part-specs.js';
import { jsonTypeOf } from '../input/preference-values.js';

export interface PreferenceSchemaEntry {
  key: string;
  type: string;
  default: unknown;
}

/** A rule or action type as `GET /promotion_rules/types` and `/promotion_actions/types` list it. */
export interface PartTypeView {
  type: string;
  label: string;
  description: string | null;
  preference_schema: PreferenceSchemaEntry[];
}

export function preferenceSchemaOf(spec: PartSpec | undefined): PreferenceSchemaEntry[] {
  return (spec?.preferences ?? []).map((preference) => ({
    key: preference.key,
    type: jsonTypeOf(preference.kind),
    default: preference.default ?? null,
  }));
}

export function partTypeView(spec: PartSpec): PartTypeView {
  return {
    type: spec.type,
    label: spec.label,
    description: spec.description,
    preference_schema: preferenceSchemaOf(spec),
  };
}
