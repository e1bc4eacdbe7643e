import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { StoreError } from '../../common/errors/store-error.js';
import { ApiKeyResolver } from './api-key-resolver.service.js';

export const API_KEY_HEADER = 'x-store-api-key';

/** Store API access: a publishable key in `X-Store-API-Key` names the store. */
@Injectable()
export class PublishableKeyGuard implements CanActivate {
  constructor(private readonly resolver: ApiKeyResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = request.headers[API_KEY_HEADER];
    if (token === undefined || token === '') {
      throw new StoreError(
        'authentication_required',
        'An API key is required in the X-Store-API-Key header',
      );
    }
    const store = typeof token === 'string' ? await this.resolver.resolve(token) : null;
    if (!store || store.keyType !== 'publishable') {
      throw new StoreError('invalid_token', 'The API key is invalid or has been revoked');
    }
    request.storeContext = store;
    return true;
  }
}
