import { ApiResponse } from '@nestjs/swagger';

/** The route answers the client's `AuthTokens`: an access token, a refresh token and the user. */
export const ApiAuthTokens = (status = 200) =>
  ApiResponse({
    status,
    schema: {
      type: 'object',
      required: ['token', 'refresh_token', 'user'],
      properties: {
        token: { type: 'string', description: 'Access token (JWT), sent as `Bearer`' },
        refresh_token: { type: 'string', description: 'Trades for the next pair (`rt_…`)' },
        user: { $ref: '#/components/schemas/Customer' },
      },
    },
  });
