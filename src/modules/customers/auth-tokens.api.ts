import { ApiResponse } from '@nestjs/swagger';

/** A token of the answer; a registration awaiting the e-mail confirmation answers it null. */
const tokenProperty = (description: string, awaitingConfirmation: boolean) =>
  awaitingConfirmation
    ? {
        type: 'string',
        nullable: true,
        description: `${description}; null while the store waits for the new customer to confirm the e-mail address`,
      }
    : { type: 'string', description };

/**
 * The route answers the client's `AuthTokens`: an access token, a refresh token and the user.
 * A registration may answer the user without tokens (`awaitingConfirmation`).
 */
export const ApiAuthTokens = (status = 200, { awaitingConfirmation = false } = {}) =>
  ApiResponse({
    status,
    schema: {
      type: 'object',
      required: ['token', 'refresh_token', 'user'],
      properties: {
        token: tokenProperty('Access token (JWT), sent as `Bearer`', awaitingConfirmation),
        refresh_token: tokenProperty('Trades for the next pair (`rt_…`)', awaitingConfirmation),
        user: { $ref: '#/components/schemas/Customer' },
      },
    },
  });
