import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { NameField } from '../../../common/dto/settings-fields.js';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';

export const POLICY_SLUG_MAX_LENGTH = 200;
const BODY_MAX_LENGTH = 100_000;

class PolicyFields {
  @ApiPropertyOptional({
    type: 'string',
    maxLength: POLICY_SLUG_MAX_LENGTH,
    example: 'return-policy',
    description:
      'What storefronts link the policy by; made URL-safe; default: made from the name (with -2, -3… when the store has it)',
  })
  @Optional()
  @IsString()
  @MaxLength(POLICY_SLUG_MAX_LENGTH)
  slug?: string;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: BODY_MAX_LENGTH,
    description:
      'The policy’s rich text as HTML, kept as written and answered as `body_html` (`body` is its plain text); null clears it',
  })
  @OptionalNullable()
  @IsString()
  @MaxLength(BODY_MAX_LENGTH)
  body?: string | null;
}

export class CreatePolicyBody extends PolicyFields {
  @NameField({ required: true })
  name: string;
}

export class UpdatePolicyBody extends PolicyFields {
  @NameField()
  name?: string;
}
