import { applyDecorators } from '@nestjs/common';
import { ApiQuery, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { JSON_API_MEDIA_TYPE } from '../../../platform/http/json-bodies.js';
import { SECURITY_SCHEMES } from '../../../platform/openapi/security-schemes.js';

const { orderToken, jwt, publishableKey } = SECURITY_SCHEMES;

/** A v2 cart route: the order token, or a signed-in customer's token (their current cart). */
export const ApiOrderTokenAccess = () =>
  applyDecorators(ApiSecurity(orderToken.id), ApiSecurity(jwt.id));

/** A v2 route for a signed-in customer. */
export const ApiV2CustomerAccess = () => ApiSecurity(jwt.id);

/** A v2 read model: no credential (the store comes from the host), or a publishable key. */
export const ApiV2PublicAccess = () =>
  applyDecorators(ApiSecurity({}), ApiSecurity(publishableKey.id));

/** The route answers a JSON:API document, and takes `include` and `fields[...]`. */
export const ApiJsonApiDocument = (description: string, status = 200) =>
  applyDecorators(
    ApiQuery({
      name: 'include',
      required: false,
      description:
        'Related resources to include, comma-separated paths (e.g. `line_items.variant`)',
    }),
    ApiResponse({
      status,
      description,
      content: {
        [JSON_API_MEDIA_TYPE]: { schema: { $ref: '#/components/schemas/JsonApiDocument' } },
      },
    }),
  );
