import { Module } from '@nestjs/common';
import { AddressBookService } from './address-book.service.js';
import { AddressSerializer } from './address.serializer.js';
import { AdminCustomersController } from './admin-customers.controller.js';
import { AdminCustomersService } from './admin-customers.service.js';
import { AdminCustomerTagging } from './admin-customer-tagging.js';
import { CustomerAccountViews } from './customer-account-view.js';
import { CustomerAccountsService } from './customer-accounts.service.js';
import { CustomerOrderHistory } from './customer-order-history.js';
import { CustomerRecords } from './customer-records.js';
import { CustomerSessionsService } from './customer-sessions.service.js';
import { CustomerSerializer } from './customer.serializer.js';
import { MarketingConsent } from './marketing-consent.js';
import { OrderAddressCopies } from './order-address-copies.js';
import { PasswordResetMail } from './password-reset-mail.js';
import { PasswordResetTokens } from './password-reset-tokens.js';
import { PasswordResetsService } from './password-resets.service.js';
import {
  StoreAddressesController,
  StoreCustomerAddressesController,
} from './store-addresses.controller.js';
import { StoreAuthController } from './store-auth.controller.js';
import { StoreCustomersController } from './store-customers.controller.js';
import { StorePasswordResetsController } from './store-password-resets.controller.js';

/**
 * Customer accounts, their sessions, password resets and address books; admin management of
 * customers.
 */
@Module({
  controllers: [
    StoreAuthController,
    StoreCustomersController,
    StoreAddressesController,
    StoreCustomerAddressesController,
    StorePasswordResetsController,
    AdminCustomersController,
  ],
  providers: [
    CustomerRecords,
    CustomerSerializer,
    AddressSerializer,
    CustomerAccountViews,
    CustomerSessionsService,
    CustomerAccountsService,
    AddressBookService,
    PasswordResetTokens,
    PasswordResetMail,
    PasswordResetsService,
    AdminCustomersService,
    AdminCustomerTagging,
    CustomerOrderHistory,
    OrderAddressCopies,
    MarketingConsent,
  ],
  exports: [
    CustomerAccountsService,
    AddressBookService,
    CustomerSerializer,
    AddressSerializer,
    CustomerRecords,
    CustomerOrderHistory,
    CustomerSessionsService,
    PasswordResetsService,
    OrderAddressCopies,
    MarketingConsent,
  ],
})
export class CustomersModule {}
