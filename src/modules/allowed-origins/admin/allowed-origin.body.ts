import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';

const ORIGIN_DOC = {
  type: 'string',
  maxLength: 255,
  example: 'https://shop.example.com',
  description:
    'A bare `scheme://host[:port]` (http or https, no path, query or fragment); stored as browsers ' +
    'send it in `Origin`: lower case, without the scheme’s default port',
} as const;

export class CreateAllowedOriginBody {
  @ApiProperty(ORIGIN_DOC)
  @IsString()
  @MaxLength(255)
  origin: string;
}

export class UpdateAllowedOriginBody {
  @ApiPropertyOptional(ORIGIN_DOC)
  @Optional()
  @IsString()
  @MaxLength(255)
  origin?: string;
}
