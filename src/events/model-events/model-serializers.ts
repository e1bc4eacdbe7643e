import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import { pascalCase, snakeCase } from './lifecycle.decorator.js';

export type EventPayload = Record<string, unknown>;

/**
 * What a serializer offers event payloads. `serialize(record)` is enough when the record holds
 * everything the representation shows; `eventPayload` reads what is missing in the transaction,
 * and `eventPayloads` reads it for several records at once (one payload per record, in order).
 */
export interface ModelSerializer<R = unknown> {
  serialize?(record: R): object;
  eventPayload?(record: R, manager: EntityManager): Promise<object> | object;
  eventPayloads?(records: R[], manager: EntityManager): Promise<object[]>;
}

const SUFFIX = 'Serializer';
const PUBLIC_ID = /^[a-z]+_[A-Za-z0-9]+$/;

/**
 * Finds the serializer of a model by naming convention: the provider class `<Model>Serializer`
 * (`line_item` → `LineItemSerializer`) of any module renders the model's event payloads, so API
 * responses and events show a resource the same way.
 */
@Injectable()
export class ModelSerializers implements OnModuleInit {
  private readonly byModel = new Map<string, ModelSerializer>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const name = wrapper.metatype?.name;
      if (!name?.endsWith(SUFFIX) || name === SUFFIX || !wrapper.instance) continue;
      this.byModel.set(snakeCase(name.slice(0, -SUFFIX.length)), wrapper.instance);
    }
  }

  /** The payload of `record` as its model's serializer renders it, always with its public id. */
  async payloadOf(model: string, record: unknown, manager: EntityManager): Promise<EventPayload> {
    const [payload] = await this.payloadsOf(model, [record], manager);
    return payload;
  }

  /** `payloadOf` each record, read together when the serializer can. */
  async payloadsOf(
    model: string,
    records: unknown[],
    manager: EntityManager,
  ): Promise<EventPayload[]> {
    const serializer = this.byModel.get(model);
    if (!serializer) {
      throw new Error(`No ${pascalCase(model)}${SUFFIX} is provided to render ${model} events`);
    }
    const payloads = serializer.eventPayloads
      ? await serializer.eventPayloads(records, manager)
      : await Promise.all(
          records.map((record) =>
            serializer.eventPayload
              ? serializer.eventPayload(record, manager)
              : serializer.serialize?.(record),
          ),
        );
    return payloads.map((payload) => checked(model, payload));
  }
}

function checked(model: string, payload: object | undefined): EventPayload {
  if (!payload) throw new Error(`${pascalCase(model)}${SUFFIX} cannot render ${model} events`);
  const { id } = payload as { id?: unknown };
  if (typeof id !== 'string' || !PUBLIC_ID.test(id)) {
    throw new Error(
      `A ${model} event payload must carry the prefixed public id, not ${String(id)}`,
    );
  }
  return payload as EventPayload;
}
