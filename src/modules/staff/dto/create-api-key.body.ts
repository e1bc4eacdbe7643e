import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { API_KEY_TYPES, type ApiKeyType } from '../../auth/index.js';
import { ALL_SCOPES, type Scope } from '../../auth/index.js';
import { Optional } from '../../../common/dto/presence.js';

export class CreateApiKeyBody {
  @ApiProperty({ example: 'Warehouse integration', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ enum: API_KEY_TYPES })
  @IsIn(API_KEY_TYPES, { message: `key_type must be one of: ${API_KEY_TYPES.join(', ')}` })
  key_type: ApiKeyType;

  @ApiPropertyOptional({
    description:
      'Secret keys only: what the key may do. `write_x` implies `read_x`; `read_all`/`write_all` cover every resource. A key cannot be given scopes its creator lacks.',
    enum: ALL_SCOPES,
    isArray: true,
    example: ['read_orders', 'write_orders'],
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(ALL_SCOPES.length * 2)
  @IsIn(ALL_SCOPES, { each: true, message: 'scopes must only contain valid scope names' })
  scopes?: Scope[];
}
