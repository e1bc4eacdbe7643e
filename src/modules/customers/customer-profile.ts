import type { Customer } from './customer.entity.js';
import type { CustomerProfileFields } from './dto/customer-fields.js';

type ProfileColumns = Pick<
  Customer,
  'firstName' | 'lastName' | 'phone' | 'acceptsMarketing' | 'metadata'
>;

/** The profile columns a request sets: only the fields it sent (null clears a text field). */
export function profileChanges(body: CustomerProfileFields): Partial<ProfileColumns> {
  const changes: Partial<ProfileColumns> = {};
  if (body.first_name !== undefined) changes.firstName = body.first_name;
  if (body.last_name !== undefined) changes.lastName = body.last_name;
  if (body.phone !== undefined) changes.phone = body.phone;
  const acceptsMarketing = body.accepts_marketing ?? body.accepts_email_marketing;
  if (acceptsMarketing !== undefined) changes.acceptsMarketing = acceptsMarketing;
  if (body.metadata !== undefined) changes.metadata = body.metadata;
  return changes;
}
