import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { SUBSCRIPTION_PATTERN } from '../subscriptions.js';
import { Optional } from '../../../common/dto/presence.js';

const URL_MAX_LENGTH = 2048;
const MAX_SUBSCRIPTIONS = 100;
const SUBSCRIPTION_MAX_LENGTH = 255;

/** Present only when sent; an explicit null is refused like any other wrong type. */
export const WhenSent = Optional;

const optionalUnless = (required: boolean) => (required ? [] : [WhenSent()]);

export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * Whether a URL (as the WHATWG parser reads it) carries no username or password: the endpoint's
 * signing secret authenticates deliveries, and credentials in a URL would be stored and shown in
 * clear. An unparseable URL is left to the http(s) check.
 */
export function hasNoUserinfo(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return true;
  const url = new URL(value);
  return url.username === '' && url.password === '';
}

/** The destination: an absolute http(s) URL without credentials. */
export function WebhookUrlField(options: { required: boolean }) {
  const documentation = {
    format: 'uri',
    maxLength: URL_MAX_LENGTH,
    example: 'https://example.com/hooks',
  };
  return applyDecorators(
    options.required ? ApiProperty(documentation) : ApiPropertyOptional(documentation),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? value.trim() : value,
    ),
    ...optionalUnless(options.required),
    IsString(),
    MaxLength(URL_MAX_LENGTH),
    ValidateBy({
      name: 'isHttpUrl',
      validator: { validate: isHttpUrl, defaultMessage: () => 'url must be an http or https URL' },
    }),
    ValidateBy({
      name: 'hasNoUserinfo',
      validator: {
        validate: hasNoUserinfo,
        defaultMessage: () =>
          'url must not contain a username or password; deliveries are signed with the endpoint secret',
      },
    }),
  );
}

/** The events to receive: names and patterns, at least one (duplicates dropped). */
export function SubscriptionsField(options: { required: boolean }) {
  const documentation = {
    type: String,
    isArray: true,
    minItems: 1,
    maxItems: MAX_SUBSCRIPTIONS,
    example: ['order.completed', 'product.*'],
    description: 'Event names, `<prefix>.*` patterns, or `*` for every event',
  };
  return applyDecorators(
    options.required ? ApiProperty(documentation) : ApiPropertyOptional(documentation),
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value) ? [...new Set(value)] : value,
    ),
    ...optionalUnless(options.required),
    IsArray(),
    ArrayNotEmpty({ message: 'subscriptions must name at least one event' }),
    ArrayMaxSize(MAX_SUBSCRIPTIONS),
    IsString({ each: true }),
    MaxLength(SUBSCRIPTION_MAX_LENGTH, { each: true }),
    Matches(SUBSCRIPTION_PATTERN, {
      each: true,
      message:
        'each value in subscriptions must be an event name or pattern (order.completed, order.*, *)',
    }),
  );
}
