import { Injectable } from '@nestjs/common';
import type { OptionType } from '../../option-type.entity.js';
import type { OptionValue } from '../../option-value.entity.js';
import {
  OptionSerializer,
  type OptionTypeView,
  type OptionValueView,
} from '../../option.serializer.js';
import type { OptionValueRow } from '../../product-read.repository.js';

/** An option type with its values, as the Admin API and `option_type.*` events show it. */
export interface AdminOptionTypeView extends OptionTypeView {
  option_values: OptionValueView[];
  created_at: string;
  updated_at: string;
}

/** Renders an option type (its `values` loaded) in the client's OptionType and OptionValue shapes. */
@Injectable()
export class OptionTypeSerializer {
  constructor(private readonly options: OptionSerializer) {}

  serialize(type: OptionType & { values: OptionValue[] }): AdminOptionTypeView {
    const rows = [...type.values]
      .sort((a, b) => a.position - b.position || Number(a.id) - Number(b.id))
      .map((value) => rowOf(type, value));
    return {
      ...this.options.type(rowOf(type)),
      option_values: rows.map((row) => this.options.value(row)),
      created_at: type.createdAt.toISOString(),
      updated_at: type.updatedAt.toISOString(),
    };
  }
}

function rowOf(type: OptionType, value?: OptionValue): OptionValueRow {
  return {
    id: value?.id ?? '0',
    name: value?.name ?? '',
    label: value?.label ?? '',
    position: value?.position ?? 0,
    color_code: value?.colorCode ?? null,
    option_type_id: type.id,
    option_type_name: type.name,
    option_type_label: type.label,
    option_type_position: type.position,
    option_type_kind: type.kind,
  };
}
