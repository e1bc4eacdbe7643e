import { applyDecorators } from '@nestjs/common';
import { ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { ERROR_STATUS, type ErrorCode } from '../../common/errors/error-codes.js';
import { errorAnswer } from './error-answer.js';
import { SECURITY_SCHEMES } from './security-schemes.js';

const { publishableKey, cartToken, jwt, secretKey } = SECURITY_SCHEMES;

/** A Store API route anyone holding the store's publishable key may call. */
export const ApiPublishableKeyAccess = () => ApiSecurity(publishableKey.id);

/** A Store API route for a signed-in customer (publishable key and customer token). */
export const ApiCustomerAccess = () => ApiSecurity({ [publishableKey.id]: [], [jwt.id]: [] });

/** A Store API route open to guests, which acts for the customer when a token is sent. */
export const ApiGuestOrCustomerAccess = () =>
  applyDecorators(ApiPublishableKeyAccess(), ApiCustomerAccess());

/** A Store API route for a cart's owner: the holder of its token, or the customer it belongs to. */
export const ApiCartOwnerAccess = () =>
  applyDecorators(
    ApiSecurity({ [publishableKey.id]: [], [cartToken.id]: [] }),
    ApiCustomerAccess(),
  );

/** An Admin API route: a secret key with the scope, or a staff token whose role holds it. */
export const ApiAdminAccess = () => applyDecorators(ApiSecurity(secretKey.id), ApiSecurity(jwt.id));

/** The route answers with this resource (a schema of `components.schemas`). */
export const ApiResource = (resource: string, status = 200) =>
  ApiResponse({ status, schema: { $ref: `#/components/schemas/${resource}` } });

/** The route answers with a list of this resource, paginated or not. */
export const ApiResourceList = (resource: string, { paginated }: { paginated: boolean }) =>
  ApiResponse({
    status: 200,
    schema: {
      type: 'object',
      required: paginated ? ['data', 'meta'] : ['data'],
      properties: {
        data: { type: 'array', items: { $ref: `#/components/schemas/${resource}` } },
        ...(paginated ? { meta: { $ref: '#/components/schemas/PaginationMeta' } } : {}),
      },
    },
  });

/**
 * The route's own error answers, grouped by status, each code with an example in the envelope.
 * The answers every route can give (bad request, key, rate limit) are added to the document for all.
 */
export const ApiErrors = (...codes: ErrorCode[]) => {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return applyDecorators(
    ...[...byStatus].map(([status, sameStatus]) =>
      ApiResponse({ status, ...errorAnswer(sameStatus) }),
    ),
  );
};
