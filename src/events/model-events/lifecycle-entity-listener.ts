import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntityMetadata,
  EntitySubscriberInterface,
  InsertEvent,
  RemoveEvent,
  UpdateEvent,
} from 'typeorm';

import { type LifecycleAction, lifecycleModelOf } from './lifecycle.decorator.js';
import { ModelEvents } from './model-events.js';

/**
 * Publishes the lifecycle events of entities that opted in with `@PublishesLifecycleEvents`, in
 * the transaction of the TypeORM call that changed them. A change made by criteria
 * (`update(Entity, where, …)`, `delete(Entity, where)`) names no record to render, so it fails
 * loudly instead of silently publishing nothing: use `save`/`remove`, or publish explicitly.
 */
@Injectable()
export class LifecycleEntityListener implements EntitySubscriberInterface, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: ModelEvents,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  async afterInsert(event: InsertEvent<object>): Promise<void> {
    await this.publish(event.manager, event.metadata, 'created', event.entity);
  }

  async afterUpdate(event: UpdateEvent<object>): Promise<void> {
    const { entity, databaseEntity } = event;
    // `save` may be given only the changed fields; the row as loaded fills in the rest.
    const whole =
      entity && databaseEntity
        ? Object.assign(
            Object.create(Object.getPrototypeOf(entity) as object),
            databaseEntity,
            entity,
          )
        : entity;
    await this.publish(event.manager, event.metadata, 'updated', whole as object | undefined);
  }

  /** Before the row goes, while the entity still has its id to render. */
  async beforeRemove(event: RemoveEvent<object>): Promise<void> {
    await this.publish(event.manager, event.metadata, 'deleted', event.entity ?? undefined);
  }

  private async publish(
    manager: EntityManager,
    metadata: EntityMetadata,
    action: LifecycleAction,
    entity: object | undefined,
  ): Promise<void> {
    const model = lifecycleModelOf(metadata.target);
    if (!model) return;
    if (!entity || !metadata.hasAllPrimaryKeys(entity)) {
      throw new Error(
        `A ${model} was ${action} by criteria, which publishes no lifecycle event; ` +
          'save or remove the entity instead, or publish the event explicitly',
      );
    }
    const storeId = (entity as { storeId?: string | null }).storeId ?? null;
    await this.events.publish({ manager, storeId }, `${model}.${action}`, entity);
  }
}
