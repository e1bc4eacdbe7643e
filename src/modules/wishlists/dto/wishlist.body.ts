import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';

const NAME_MAX = 255;

/** What a list's fields mean, shared by creation and update. */
class WishlistFlags {
  @ApiPropertyOptional({ description: 'Private lists are seen by their owner only; default true' })
  @Optional()
  @IsBoolean()
  is_private?: boolean;

  @ApiPropertyOptional({
    description: "Makes it the customer's default list (the previous default stops being one)",
  })
  @Optional()
  @IsBoolean()
  is_default?: boolean;
}

export class CreateWishlistBody extends WishlistFlags {
  @ApiProperty({ maxLength: NAME_MAX })
  @IsString()
  @Matches(/\S/, { message: "name can't be blank" })
  @MaxLength(NAME_MAX)
  name: string;
}

export class UpdateWishlistBody extends WishlistFlags {
  @ApiPropertyOptional({ maxLength: NAME_MAX })
  @Optional()
  @IsString()
  @Matches(/\S/, { message: "name can't be blank" })
  @MaxLength(NAME_MAX)
  name?: string;
}
