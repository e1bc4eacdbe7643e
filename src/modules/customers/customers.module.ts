import { Module } from '@nestjs/common';
import { AccountConfirmationMail } from './account-confirmation-mail.js';
import { AccountConfirmationTokens } from './account-confirmation-tokens.js';
import { AccountConfirmationsService } from './account-confirmations.service.js';
import { AddressBookService } from './address-book.service.js';
import { AddressSerializer } from './address.serializer.js';
import { AdminCustomersController } from './admin-customers.controller.js';
import { AdminCustomersService } from './admin-customers.service.js';
import { AdminCustomerTagging } from './admin-customer-tagging.js';
import { CustomerAccountViews } from './customer-account-view.js';
import { CustomerAccountsService } from './customer-accounts.service.js';
import { CustomerConfirmation } from './customer-confirmation.js';
import { CustomerOrderHistory } from './customer-order-history.js';
import { CustomerRecords } from './customer-records.js';
import { CustomerSessionsService } from './customer-sessions.service.js';
import { CustomerSerializer } from './customer.serializer.js';
import { CustomerTokenMail } from './customer-token-mail.js';
import { MarketingConsent } from './marketing-consent.js';
import { OrderAddressCopies } from './order-address-copies.js';
import { PasswordResetMail } from './password-reset-mail.js';
import { PasswordResetTokens } from './password-reset-tokens.js';
import { PasswordResetsService } from './password-resets.service.js';
import {
  StoreAddressesController,
  StoreCustomerAddressesController,
} from './store-addresses.controller.js';
import { StoreAccountConfirmationsController } from './store-account-confirmations.controller.js';
import { StoreAuthController } from './store-auth.controller.js';
import { StoreCustomersController } from './store-customers.controller.js';
import { StorePasswordResetsController } from './store-password-resets.controller.js';

/**
 * Customer accounts, their sessions, e-mail confirmations, password resets and address books; admin management of
 * customers.
 */
@Module({
  controllers: [
    StoreAuthController,
    StoreCustomersController,
    StoreAddressesController,
    StoreCustomerAddressesController,
    StorePasswordResetsController,
    StoreAccountConfirmationsController,
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
    CustomerTokenMail,
    PasswordResetTokens,
    PasswordResetMail,
    PasswordResetsService,
    CustomerConfirmation,
    AccountConfirmationTokens,
    AccountConfirmationMail,
    AccountConfirmationsService,
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
    AccountConfirmationsService,
    OrderAddressCopies,
    MarketingConsent,
  ],
})
export class CustomersModule {}
