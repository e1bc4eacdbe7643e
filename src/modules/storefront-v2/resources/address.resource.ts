import type { ResourceNode } from '../json-api/resource.js';
import { pick } from './pick.js';

/** An address in v2's own names (`firstname`, `zipcode`, `state_name`, `country_iso`, ...). */
export const ADDRESS_ATTRIBUTES = [
  'firstname',
  'lastname',
  'company',
  'address1',
  'address2',
  'city',
  'zipcode',
  'phone',
  'state_name',
  'state_abbr',
  'country_iso',
  'country_name',
  'label',
] as const;

export function addressResource(address: { id: string }): ResourceNode {
  const view = address as Record<string, unknown> & { id: string };
  return {
    type: 'address',
    id: view.id,
    attributes: { ...pick(view, ADDRESS_ATTRIBUTES), state_code: view.state_abbr ?? null },
  };
}
