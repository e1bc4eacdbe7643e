import { Injectable } from '@nestjs/common';
import { type EventDraft, EventPublisher, type EventScope } from '../event-publisher.js';
import type { LifecycleAction } from './lifecycle.decorator.js';
import { type EventPayload, ModelSerializers } from './model-serializers.js';

/** A change of one record, to be published as `<model>.<action>`. */
export interface ModelChange {
  model: string;
  action: LifecycleAction | string;
  record: unknown;
  /** Given instead of the serializer's output. */
  payload?: EventPayload;
}

/**
 * Publishes events about records: lifecycle events (`order.updated`) and named ones
 * (`brand.featured`). The payload is the record as its model's serializer renders it, unless the
 * caller gives one; the model is the part of the event name before the first dot.
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

  created(scope: EventScope, model: string, record: unknown): Promise<string> {
    return this.publish(scope, `${model}.created`, record);
  }

  updated(scope: EventScope, model: string, record: unknown): Promise<string> {
    return this.publish(scope, `${model}.updated`, record);
  }

  deleted(scope: EventScope, model: string, record: unknown): Promise<string> {
    return this.publish(scope, `${model}.deleted`, record);
  }

  /** Publishes several changes with one statement, in the order given. */
  async publishChanges(scope: EventScope, changes: readonly ModelChange[]): Promise<string[]> {
    const drafts: EventDraft[] = [];
    for (const change of changes) {
      drafts.push({
        name: `${change.model}.${change.action}`,
        payload:
          change.payload ??
          (await this.serializers.payloadOf(change.model, change.record, scope.manager)),
        metadata: { model: change.model },
      });
    }
    return this.publisher.publishAll(scope, drafts);
  }
}
