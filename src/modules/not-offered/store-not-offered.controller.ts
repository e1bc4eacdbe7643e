import { Controller } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

/**
 * Store API calls of the storefront client for features this store does not offer. Each answers
 * the error envelope with a message saying so, rather than a bare 404 for an unknown route:
 * reads and removals find nothing (404), submissions are refused (422). Left out of the API
 * document, which lists what the store does offer.
 */
@ApiExcludeController()
@Idempotent()
@Controller('api/v3/store')
export class StoreNotOfferedController {}
