import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from '../../../../common/dto/presence.js';

export class UpdateReturnSettingsBody {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 3650,
    description: 'How many days after a unit shipped the shopper may ask to return it',
  })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(3650)
  return_window_days?: number;
}
