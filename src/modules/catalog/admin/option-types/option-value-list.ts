import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { fieldInvalid } from '../../../../common/records/store-records.js';
import type { OptionType } from '../../option-type.entity.js';
import { OptionValue } from '../../option-value.entity.js';
import type { OptionValueInput } from './option-type.body.js';

/**
 * Makes an option type's values the list given: entries naming an existing value (by `id`, or
 * else by `name`) change it, the others are added, and the values left out are deleted, which a
 * value some variant has refuses (422 `resource_invalid`). Positions default to list order.
 */
export async function replaceOptionValues(
  manager: EntityManager,
  ids: PublicIdCodec,
  type: OptionType,
  inputs: OptionValueInput[],
): Promise<void> {
  const existing = await manager.find(OptionValue, {
    where: { optionTypeId: type.id },
    lock: { mode: 'pessimistic_write' },
  });
  const kept = matchExisting(ids, existing, inputs);
  const removed = existing.filter((value) => !kept.includes(value));
  await assertUnused(manager, ids, removed);
  if (removed.length > 0)
    await manager.delete(
      OptionValue,
      removed.map((value) => value.id),
    );
  // Names are unique per type: park the renamed ones first, so that two may swap names.
  const renamed = inputs.flatMap((input, index) =>
    kept[index] && kept[index].name !== input.name ? [kept[index].id] : [],
  );
  if (renamed.length > 0) {
    await manager.query(
      `UPDATE option_values SET name = '\u0001' || id::text WHERE id = ANY($1::bigint[])`,
      [renamed],
    );
  }
  for (const [index, input] of inputs.entries()) {
    const fields = {
      name: input.name,
      label: input.label ?? input.presentation ?? kept[index]?.label ?? input.name,
      position: input.position ?? index,
      colorCode:
        input.color_code === undefined ? (kept[index]?.colorCode ?? null) : input.color_code,
    };
    const value = kept[index];
    if (value) {
      const changed = (Object.keys(fields) as (keyof typeof fields)[]).some(
        (key) => value[key] !== fields[key],
      );
      if (changed || renamed.includes(value.id)) {
        await manager.update(OptionValue, { id: value.id }, fields);
      }
    } else {
      await manager.insert(OptionValue, {
        ...fields,
        storeId: type.storeId,
        optionTypeId: type.id,
      });
    }
  }
}

/** The existing value each entry names (by id, else by name), or undefined for a new one. */
function matchExisting(
  ids: PublicIdCodec,
  existing: OptionValue[],
  inputs: OptionValueInput[],
): (OptionValue | undefined)[] {
  const names = new Set<string>();
  for (const input of inputs) {
    if (names.has(input.name)) {
      throw fieldInvalid('option_values', `name ${input.name} appears more than once`);
    }
    names.add(input.name);
  }
  const taken = new Set<OptionValue>();
  // Entries with an id first, so that a name match never takes a value an id names.
  const matched = inputs.map((input, index) => {
    if (input.id === undefined) return undefined;
    const id = ids.decode(ID_PREFIX.optionValue, input.id);
    const value = existing.find((candidate) => candidate.id === id);
    if (!value) {
      throw fieldInvalid(
        `option_values[${index}].id`,
        `${input.id.slice(0, 40)} is not a value of this option type`,
      );
    }
    if (taken.has(value)) {
      throw fieldInvalid(`option_values[${index}].id`, 'the value is listed more than once');
    }
    taken.add(value);
    return value;
  });
  return inputs.map((input, index) => {
    if (input.id !== undefined) return matched[index];
    const value = existing.find(
      (candidate) => candidate.name === input.name && !taken.has(candidate),
    );
    if (value) taken.add(value);
    return value;
  });
}

/** Refuses to delete values that variants have: 422 `resource_invalid` naming each. */
export async function assertUnused(
  manager: EntityManager,
  ids: PublicIdCodec,
  values: OptionValue[],
): Promise<void> {
  if (values.length === 0) return;
  const uses: { id: string; variants: number }[] = await manager.query(
    `SELECT option_value_id::text AS id, count(*)::int AS variants FROM variant_option_values
     WHERE option_value_id = ANY($1::bigint[]) GROUP BY option_value_id`,
    [values.map((value) => value.id)],
  );
  if (uses.length === 0) return;
  throw new StoreError('resource_invalid', 'Option values that variants have cannot be deleted', {
    option_values: uses.map((use) => {
      const value = values.find((candidate) => candidate.id === use.id)!;
      return `${value.name} (${ids.encode(ID_PREFIX.optionValue, value.id)}) is used by ${use.variants} variants`;
    }),
  });
}
