import { Module } from '@nestjs/common';
import { CustomersModule } from '../../customers/index.js';
import { DigitalModule } from '../../digital/index.js';
import { OrdersModule } from '../../orders/index.js';
import { StorefrontCartsModule } from '../carts/storefront-carts.module.js';
import { StorefrontAccountAddressesController } from './storefront-account-addresses.controller.js';
import { StorefrontAccountConfirmationsController } from './storefront-account-confirmations.controller.js';
import { StorefrontAccountController } from './storefront-account.controller.js';
import { StorefrontAccountChangesController } from './storefront-account-changes.controller.js';
import { StorefrontPasswordsController } from './storefront-passwords.controller.js';
import { StorefrontDigitalsController } from './storefront-digitals.controller.js';
import { StorefrontOrderStatusController } from './storefront-order-status.controller.js';

/** Storefront v2 account routes, guest order status and digital downloads. */
@Module({
  imports: [CustomersModule, OrdersModule, DigitalModule, StorefrontCartsModule],
  controllers: [
    StorefrontAccountController,
    StorefrontAccountAddressesController,
    StorefrontOrderStatusController,
    StorefrontDigitalsController,
    StorefrontAccountChangesController,
    StorefrontPasswordsController,
    StorefrontAccountConfirmationsController,
  ],
})
export class StorefrontAccountModule {}
