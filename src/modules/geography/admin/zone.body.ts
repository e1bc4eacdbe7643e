import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, Matches, ValidateIf } from 'class-validator';
import { NameField, TextField } from '../../../common/dto/settings-fields.js';

const upperCased = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? [...new Set(value.map((item) => (typeof item === 'string' ? item.toUpperCase() : item)))]
    : value;

export class UpdateZoneBody {
  @NameField()
  name?: string;

  @TextField({ nullable: true })
  description?: string | null;

  @ApiPropertyOptional({ type: [String], example: ['US', 'CA'], description: 'ISO 3166-1 codes' })
  @ValidateIf((_: object, value: unknown) => value !== undefined)
  @Transform(upperCased)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(300)
  @Matches(/^[A-Z]{2}$/, { each: true, message: 'countries must hold ISO 3166-1 alpha-2 codes' })
  countries?: string[];
}

export class CreateZoneBody extends UpdateZoneBody {
  @NameField({ required: true })
  declare name: string;

  @ApiProperty({ type: [String], example: ['US', 'CA'], description: 'ISO 3166-1 codes' })
  @Transform(upperCased)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(300)
  @Matches(/^[A-Z]{2}$/, { each: true, message: 'countries must hold ISO 3166-1 alpha-2 codes' })
  declare countries: string[];
}
