import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, Matches } from 'class-validator';
import { NameField, OneOfField, TextField } from '../../../common/dto/settings-fields.js';
import { ZONE_KINDS, type ZoneKind } from '../zone.entity.js';
import { Optional } from '../../../common/dto/presence.js';

const upperCased = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? [
        ...new Set(
          value.map((item) => (typeof item === 'string' ? item.trim().toUpperCase() : item)),
        ),
      ]
    : value;

/** A zone's description, kind and members: optional both on create and on change. */
class ZoneMembersBody {
  @TextField({ nullable: true })
  description?: string | null;

  @OneOfField(ZONE_KINDS, {
    description: 'country (the default): a set of countries; state: a set of states',
  })
  kind?: ZoneKind;

  @ApiPropertyOptional({
    type: [String],
    example: ['US', 'CA'],
    description: 'ISO 3166-1 codes; the members of a country zone',
  })
  @Optional()
  @Transform(upperCased)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(300)
  @Matches(/^[A-Z]{2}$/, { each: true, message: 'countries must hold ISO 3166-1 alpha-2 codes' })
  countries?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['US-VA', 'US-MD'],
    description: 'ISO 3166-2 codes; the members of a state zone',
  })
  @Optional()
  @Transform(upperCased)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @Matches(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, {
    each: true,
    message: 'states must hold ISO 3166-2 codes such as US-VA',
  })
  states?: string[];
}

/** What `PATCH /zones/:id` changes; the members must fit the zone's kind. */
export class UpdateZoneBody extends ZoneMembersBody {
  @NameField()
  name?: string;
}

/** `POST /zones`: a country zone needs `countries`, a state zone `states`. */
export class CreateZoneBody extends ZoneMembersBody {
  @NameField({ required: true })
  name: string;
}
