import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EventScope, ModelEvents } from '../../../../events/index.js';
import { Product } from '../../product.entity.js';
import { AdminProductSerializer, type AdminProductView } from './admin-product.serializer.js';

/**
 * Publishes `product.<action>` with the product as staff see it. Catalog's own writes use it, and
 * so do modules that change what a product shows without writing the product row (its media).
 */
@Injectable()
export class ProductPublisher {
  constructor(
    private readonly serializer: AdminProductSerializer,
    private readonly events: ModelEvents,
  ) {}

  /** Publishes in the caller's transaction and answers the view it published. */
  async publish(
    scope: EventScope & { storeId: string },
    action: 'created' | 'updated',
    product: Product,
  ): Promise<AdminProductView> {
    const view = await this.serializer.view(scope.manager, scope.storeId, product.id);
    await this.events.publish(scope, `product.${action}`, product, { ...view });
    return view;
  }

  /** `product.updated` for a product (internal id) whose media or other parts changed; none if gone. */
  async updated(manager: EntityManager, storeId: string, productId: string): Promise<void> {
    const product = await manager.findOneBy(Product, { id: productId, storeId });
    if (product && !product.deletedAt) await this.publish({ manager, storeId }, 'updated', product);
  }
}
