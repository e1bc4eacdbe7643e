import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { OptionalNullable } from '../../../common/dto/presence.js';

const MAX_LENGTH = 255;

/**
 * A field under its contract (v2) name that may also arrive under a v3 alias. Aliases are folded
 * into the v2 name before validation, so errors always name the v2 field; the v2 name wins when a
 * request sends both.
 */
function AddressField(aliases: string[] = [], description?: string) {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: MAX_LENGTH,
      description: [description, aliases.length ? `Also accepted as ${aliases.join(', ')}` : '']
        .filter(Boolean)
        .join('. '),
    }),
    Expose(),
    Transform(({ key, obj }: { key: string; obj: Record<string, unknown> }) => {
      const name = [key, ...aliases].find((candidate) => Object.hasOwn(obj, candidate));
      return name === undefined ? undefined : obj[name];
    }),
    OptionalNullable(),
    IsString(),
    MaxLength(MAX_LENGTH),
  );
}

/** v3 spelling of a field, documented only: it is folded into its v2 name and then dropped. */
const V3Alias = (of: string) =>
  ApiPropertyOptional({ type: String, nullable: true, description: `v3 name of ${of}` });

/**
 * An address book entry in either naming: the contract's v2 names (`firstname`, `zipcode`, ...)
 * or the v3 ones (`first_name`, `postal_code`, `state_abbr`, ...). Which fields are required is
 * decided by the address book (it differs between create and update).
 */
export class AddressBody {
  @AddressField(['first_name'], 'Required on create')
  firstname?: string | null;

  @AddressField(['last_name'])
  lastname?: string | null;

  @AddressField()
  company?: string | null;

  @AddressField([], 'Required on create')
  address1?: string | null;

  @AddressField()
  address2?: string | null;

  @AddressField([], 'Required on create')
  city?: string | null;

  @AddressField(['postal_code'])
  zipcode?: string | null;

  @AddressField()
  phone?: string | null;

  @AddressField(['state_abbr'])
  state_name?: string | null;

  @AddressField([], 'ISO 3166-1 alpha-2 code of a known country; required on create')
  country_iso?: string | null;

  @V3Alias('firstname')
  first_name?: string;

  @V3Alias('lastname')
  last_name?: string;

  @V3Alias('zipcode')
  postal_code?: string;

  @V3Alias('state_name')
  state_abbr?: string;
}
