import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { SubscriptionsField, WebhookUrlField, WhenSent } from './webhook-endpoint-fields.js';

const NAME_MAX_LENGTH = 255;

class WebhookEndpointOptionalFields {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH, description: 'Defaults to the URL’s host' })
  @WhenSent()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional({ type: Boolean, default: true })
  @WhenSent()
  @IsBoolean()
  enabled?: boolean;
}

export class CreateWebhookEndpointBody extends WebhookEndpointOptionalFields {
  @WebhookUrlField({ required: true })
  url: string;

  @SubscriptionsField({ required: true })
  subscriptions: string[];
}

export class UpdateWebhookEndpointBody extends WebhookEndpointOptionalFields {
  @WebhookUrlField({ required: false })
  url?: string;

  @SubscriptionsField({ required: false })
  subscriptions?: string[];
}
