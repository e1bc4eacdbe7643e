import { Injectable } from '@nestjs/common';
import { type EventDraft, EventPublisher, type EventScope } from '../event-publisher.js';
import { type LifecycleAction, lifecycleModelOf, type ModelClass } from './lifecycle.decorator.js';
import { type EventPayload, ModelSerializers } from './model-serializers.js';

/** A change of one record, to be published as `<model>.<action>`. */
export interface ModelChange {
  model: string;
  action: LifecycleAction | string;
  record: unknown;
  /** Given instead of the serializer's output. */
  payload?: EventPayload;
}

/** `[record]` of an opted-in class, or `[model, record]`: a model name or an opted-in class. */
type LifecycleArguments = [record: object] | [model: string | ModelClass, record: unknown];

/**
 * The one way events about records are published, in the caller's transaction: lifecycle events
 * (`order.updated`) and named ones (`brand.featured`). The payload is the record as its model's
 * serializer renders it, unless the caller gives one; the model is the part of the event name
 * before the first dot. Whoever changes a record publishes, however the change was written (a
 * TypeORM `save`, a criteria update, raw SQL): nothing publishes behind the caller's back.
 */
@Injectable()
export class ModelEvents {
  constructor(
    private readonly publisher: EventPublisher,
    private readonly serializers: ModelSerializers,
  ) {}

  /** `publish(scope, 'brand.featured', brand)`, or with a payload of the caller's own. */
  async publish(
    scope: EventScope,
    name: string,
    record: unknown,
    payload?: EventPayload,
  ): Promise<string> {
    const [model, ...action] = name.split('.');
    const [id] = await this.publishChanges(scope, [
      { model, action: action.join('.'), record, payload },
    ]);
    return id;
  }

  /**
   * `created(scope, brand)`: `brand.created` for a record whose class opted in with
   * `@PublishesLifecycleEvents`, which names the model. `created(scope, 'customer', row)` or
   * `created(scope, StockItem, row)` name the model of a record that has no such class (a row read
   * by SQL, say); a class given must have opted in.
   */
  created(scope: EventScope, record: object): Promise<string>;
  created(scope: EventScope, model: string | ModelClass, record: unknown): Promise<string>;
  created(scope: EventScope, ...args: LifecycleArguments): Promise<string> {
    return this.lifecycle(scope, 'created', args);
  }

  /** `<model>.updated`, as `created` names the model. */
  updated(scope: EventScope, record: object): Promise<string>;
  updated(scope: EventScope, model: string | ModelClass, record: unknown): Promise<string>;
  updated(scope: EventScope, ...args: LifecycleArguments): Promise<string> {
    return this.lifecycle(scope, 'updated', args);
  }

  /** `<model>.deleted`, as `created` names the model; publish it before the row goes. */
  deleted(scope: EventScope, record: object): Promise<string>;
  deleted(scope: EventScope, model: string | ModelClass, record: unknown): Promise<string>;
  deleted(scope: EventScope, ...args: LifecycleArguments): Promise<string> {
    return this.lifecycle(scope, 'deleted', args);
  }

  /**
   * Publishes several changes with one statement, in the order given. The payloads of one model
   * are rendered together (one read for all the products of a catalog import, say).
   */
  async publishChanges(scope: EventScope, changes: readonly ModelChange[]): Promise<string[]> {
    const payloads = new Map<ModelChange, EventPayload>();
    const unrendered = new Map<string, ModelChange[]>();
    for (const change of changes) {
      if (change.payload) continue;
      const ofModel = unrendered.get(change.model);
      if (ofModel) ofModel.push(change);
      else unrendered.set(change.model, [change]);
    }
    for (const [model, ofModel] of unrendered) {
      const rendered = await this.serializers.payloadsOf(
        model,
        ofModel.map((change) => change.record),
        scope.manager,
      );
      ofModel.forEach((change, index) => payloads.set(change, rendered[index]));
    }
    const drafts: EventDraft[] = changes.map((change) => ({
      name: `${change.model}.${change.action}`,
      payload: change.payload ?? payloads.get(change)!,
      metadata: { model: change.model },
    }));
    return this.publisher.publishAll(scope, drafts);
  }

  private async lifecycle(
    scope: EventScope,
    action: LifecycleAction,
    args: LifecycleArguments,
  ): Promise<string> {
    if (args.length === 1) {
      const [record] = args;
      return this.publish(scope, `${modelOfRecord(record, action)}.${action}`, record);
    }
    const [model, record] = args;
    const name = typeof model === 'string' ? model : modelOfClass(model);
    return this.publish(scope, `${name}.${action}`, record);
  }
}

function modelOfClass(target: ModelClass): string {
  const model = lifecycleModelOf(target);
  if (!model) {
    throw new Error(
      `${target.name} did not opt in to lifecycle events: decorate it with @PublishesLifecycleEvents`,
    );
  }
  return model;
}

function modelOfRecord(record: object, action: LifecycleAction): string {
  const type: unknown = record === null ? undefined : Object.getPrototypeOf(record)?.constructor;
  const model = lifecycleModelOf(type);
  if (!model) {
    const what =
      typeof type === 'function' && type !== Object ? `A ${type.name}` : 'A plain object';
    throw new Error(
      `${what} names no model for lifecycle events: its class must opt in with ` +
        `@PublishesLifecycleEvents, or name the model: ${action}(scope, 'model' or EntityClass, record)`,
    );
  }
  return model;
}
