import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { OrdersModule } from '../orders/index.js';
import { StoreCreditsModule } from '../store-credits/index.js';
import { AdminReturnAuthorizationsController } from './authorizations/admin-return-authorizations.controller.js';
import { ReturnAuthorizationRecords } from './authorizations/return-authorization-records.js';
import { ReturnAuthorizationSerializer } from './authorizations/return-authorization.serializer.js';
import { ReturnAuthorizationsService } from './authorizations/return-authorizations.service.js';
import { ReturnItemSerializer } from './authorizations/return-item.serializer.js';
import { ReturnRequestsService } from './authorizations/return-requests.service.js';
import { ReturnUnits } from './authorizations/return-units.js';
import { ExchangeVariants } from './authorizations/exchange-variants.js';
import { StoreReturnRequestsController } from './authorizations/store-return-requests.controller.js';
import { AdminCustomerReturnsController } from './receiving/admin-customer-returns.controller.js';
import { CustomerReturnSerializer } from './receiving/customer-return.serializer.js';
import { CustomerReturnsService } from './receiving/customer-returns.service.js';
import { ReceivedUnits } from './receiving/received-units.js';
import { AdminReimbursementsController } from './reimbursements/admin-reimbursements.controller.js';
import { ReimbursementExchanges } from './reimbursements/reimbursement-exchanges.js';
import { ReimbursementPlanning } from './reimbursements/reimbursement-planning.js';
import { ReimbursementRecords } from './reimbursements/reimbursement-records.js';
import { ReimbursementRecoverySweeper } from './reimbursements/reimbursement-recovery.sweeper.js';
import { ReimbursementSettling } from './reimbursements/reimbursement-settling.js';
import { ReimbursementSerializer } from './reimbursements/reimbursement.serializer.js';
import { ReimbursementsService } from './reimbursements/reimbursements.service.js';
import { AdminReturnReasonsController } from './reasons/admin-return-reasons.controller.js';
import { ReturnReasonSerializer } from './reasons/return-reason.serializer.js';
import { ReturnReasonsService } from './reasons/return-reasons.service.js';
import { AdminReturnSettingsController } from './settings/admin-return-settings.controller.js';
import { ReturnSettingsService } from './settings/return-settings.service.js';

/**
 * Returns after the sale: the store's return reasons and window, return authorizations (staff's,
 * and shoppers' requests), receiving the units back and reimbursing them.
 */
@Module({
  imports: [OrdersModule, CatalogModule, StoreCreditsModule],
  controllers: [
    AdminReturnReasonsController,
    AdminReturnSettingsController,
    AdminReturnAuthorizationsController,
    StoreReturnRequestsController,
    AdminCustomerReturnsController,
    AdminReimbursementsController,
  ],
  providers: [
    ReturnReasonsService,
    ReturnReasonSerializer,
    ReturnSettingsService,
    ReturnAuthorizationsService,
    ReturnAuthorizationRecords,
    ReturnAuthorizationSerializer,
    ReturnItemSerializer,
    ReturnRequestsService,
    ReturnUnits,
    ExchangeVariants,
    CustomerReturnsService,
    CustomerReturnSerializer,
    ReceivedUnits,
    ReimbursementsService,
    ReimbursementPlanning,
    ReimbursementExchanges,
    ReimbursementRecords,
    ReimbursementSettling,
    ReimbursementRecoverySweeper,
    ReimbursementSerializer,
  ],
})
export class ReturnsModule {}
