import { ApiResponse } from '@nestjs/swagger';

/** The route answers an OAuth 2 token response, as the v2 client's `IOAuthToken` reads it. */
export const ApiOAuthToken = () =>
  ApiResponse({
    status: 200,
    schema: {
      type: 'object',
      required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'created_at'],
      properties: {
        access_token: { type: 'string', description: 'The v3 customer access token (JWT)' },
        token_type: { type: 'string', enum: ['Bearer'] },
        expires_in: { type: 'integer', description: 'Seconds the access token lives' },
        refresh_token: { type: 'string', description: 'Trades for the next pair (`rt_…`)' },
        created_at: { type: 'integer', description: 'When it was issued, in Unix seconds' },
      },
    },
  });
