import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsObject, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';

const Preferences = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      description: 'As the type’s `preference_schema` lists them (see the `types` lists)',
    }),
    Optional(),
    IsObject(),
  );

const Ids = (example: string, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], example: [example], description }),
    Optional(),
    IsArray(),
  );

/** The preferences of a rule, and the record lists Spree's rules carry beside them. */
export class RulePreferencesBody {
  @Preferences()
  preferences?: Record<string, unknown>;

  @Ids('prod_UkLWZg9DAJ', 'The `product` rule’s products')
  product_ids?: string[];

  @Ids('ctg_UkLWZg9DAJ', 'The `category` rule’s categories')
  category_ids?: string[];

  @Ids('cus_UkLWZg9DAJ', 'The `customer` rule’s customers')
  customer_ids?: string[];
}

/** `POST /promotions/:id/promotion_rules`, and one of a promotion’s `rules`. */
export class RuleBody extends RulePreferencesBody {
  @ApiPropertyOptional({ description: 'An existing rule of the promotion to keep and update' })
  @Optional()
  @IsString()
  @MaxLength(100)
  id?: string;

  @ApiProperty({ example: 'item_total', description: 'One of `GET /promotion_rules/types`' })
  @IsString()
  @MaxLength(100)
  type: string;
}

/** The preferences of an action. */
export class ActionPreferencesBody {
  @Preferences()
  preferences?: Record<string, unknown>;
}

/** `POST /promotions/:id/promotion_actions`, and one of a promotion’s `actions`. */
export class ActionBody extends ActionPreferencesBody {
  @ApiPropertyOptional({ description: 'An existing action of the promotion to keep and update' })
  @Optional()
  @IsString()
  @MaxLength(100)
  id?: string;

  @ApiProperty({ example: 'order_percent', description: 'One of `GET /promotion_actions/types`' })
  @IsString()
  @MaxLength(100)
  type: string;
}
