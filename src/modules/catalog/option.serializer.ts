import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { OptionValueRow, VariantRow } from './product-read.repository.js';

/** The client's OptionValue. */
export interface OptionValueView {
  id: string;
  option_type_id: string;
  name: string;
  label: string;
  position: number;
  color_code: string | null;
  option_type_name: string;
  option_type_label: string;
  image_url: null;
}

/** The client's OptionType. */
export interface OptionTypeView {
  id: string;
  name: string;
  label: string;
  position: number;
  kind: string;
}

/** Option types and values as the client shows them, on variants and on their product. */
@Injectable()
export class OptionSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  value(row: OptionValueRow): OptionValueView {
    return {
      id: this.ids.encode(ID_PREFIX.optionValue, row.id),
      option_type_id: this.ids.encode(ID_PREFIX.optionType, row.option_type_id),
      name: row.name,
      label: row.label,
      position: row.position,
      color_code: row.color_code,
      option_type_name: row.option_type_name,
      option_type_label: row.option_type_label,
      image_url: null,
    };
  }

  type(row: OptionValueRow): OptionTypeView {
    return {
      id: this.ids.encode(ID_PREFIX.optionType, row.option_type_id),
      name: row.option_type_name,
      label: row.option_type_label,
      position: row.option_type_position,
      kind: row.option_type_kind,
    };
  }

  /** The option types the variants vary in, in their order. */
  typesOf(variants: VariantRow[]): OptionTypeView[] {
    const rows = distinct(variants, (row) => row.option_type_id).sort(
      (a, b) => a.option_type_position - b.option_type_position,
    );
    return rows.map((row) => this.type(row));
  }

  /** Every option value some variant has, by option type and position. */
  valuesOf(variants: VariantRow[]): OptionValueView[] {
    const rows = distinct(variants, (row) => row.id).sort(
      (a, b) => a.option_type_position - b.option_type_position || a.position - b.position,
    );
    return rows.map((row) => this.value(row));
  }
}

function distinct(variants: VariantRow[], key: (row: OptionValueRow) => string): OptionValueRow[] {
  const rows = new Map<string, OptionValueRow>();
  for (const variant of variants) {
    for (const row of variant.option_values) if (!rows.has(key(row))) rows.set(key(row), row);
  }
  return [...rows.values()];
}
