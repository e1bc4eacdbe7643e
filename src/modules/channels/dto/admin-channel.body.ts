import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { FlagField, NameField } from '../../../common/dto/settings-fields.js';
import { Optional } from '../../../common/dto/presence.js';

export const CHANNEL_CODE_MAX_LENGTH = 100;

class ChannelFields {
  @ApiPropertyOptional({
    type: 'string',
    maxLength: CHANNEL_CODE_MAX_LENGTH,
    example: 'pos',
    description:
      'What the storefront sends as `X-Store-Channel`; made URL-safe (`Point of Sale` → `point-of-sale`); default: made from the name',
  })
  @Optional()
  @IsString()
  @MaxLength(CHANNEL_CODE_MAX_LENGTH)
  code?: string;

  @FlagField({
    description: 'Whether requests naming the channel are made through it; default true',
  })
  active?: boolean;

  @FlagField({
    description:
      'The store’s default channel (requests naming none, or an unknown one, go through it); making one the default unmarks the previous one',
  })
  default?: boolean;
}

export class CreateChannelBody extends ChannelFields {
  @NameField({ required: true })
  name: string;
}

export class UpdateChannelBody extends ChannelFields {
  @NameField()
  name?: string;
}
