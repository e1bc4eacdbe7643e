import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { OrdersModule } from '../orders/index.js';
import { AdminOrderEditsController } from './admin-order-edits.controller.js';
import { EditApplication } from './edit-application.js';
import { EditPreviews } from './edit-previews.js';
import { EditRefundRecoverySweeper } from './edit-refund-recovery.sweeper.js';
import { EditRefunds } from './edit-refunds.js';
import { OrderEditRecords } from './order-edit-records.js';
import { OrderEditSerializer } from './order-edit.serializer.js';
import { OrderEditsService } from './order-edits.service.js';

/** Edits of placed orders that have not shipped: drafts with a preview, confirmed or canceled. */
@Module({
  imports: [OrdersModule, CatalogModule],
  controllers: [AdminOrderEditsController],
  providers: [
    OrderEditsService,
    EditApplication,
    EditPreviews,
    EditRefunds,
    EditRefundRecoverySweeper,
    OrderEditRecords,
    OrderEditSerializer,
  ],
})
export class OrderEditsModule {}
