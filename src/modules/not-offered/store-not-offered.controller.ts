import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { nothingToAccept, nothingToFind } from './not-offered.js';

/**
 * Store API calls of the storefront client for features this store does not offer. Each answers
 * the error envelope with a message saying so, rather than a bare 404 for an unknown route:
 * reads and removals find nothing (404), submissions are refused (422). Left out of the API
 * document, which lists what the store does offer.
 */
@ApiExcludeController()
@Idempotent()
@Controller('api/v3/store')
export class StoreNotOfferedController {
  @Get(['customers/me/credit_cards', 'customers/me/credit_cards/:id'])
  readCreditCards(): never {
    throw nothingToFind('creditCards');
  }

  @Delete('customers/me/credit_cards/:id')
  deleteCreditCard(): never {
    throw nothingToFind('creditCards');
  }

  @Get(['customers/me/gift_cards', 'customers/me/gift_cards/:id'])
  readGiftCards(): never {
    throw nothingToFind('giftCards');
  }

  @Get('customers/me/payment_setup_sessions/:id')
  readPaymentSetup(): never {
    throw nothingToFind('paymentSetup');
  }

  @Post('customers/me/payment_setup_sessions')
  createPaymentSetup(): never {
    throw nothingToAccept('paymentSetup');
  }

  @Patch('customers/me/payment_setup_sessions/:id/complete')
  completePaymentSetup(): never {
    throw nothingToAccept('paymentSetup');
  }

  @Get(['policies', 'policies/:id'])
  readPolicies(): never {
    throw nothingToFind('policies');
  }

  @Get('channel')
  readChannel(): never {
    throw nothingToFind('channels');
  }
}
