import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Not } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import {
  fieldInvalid,
  findStoreRecord,
  stillInUse,
} from '../../../common/records/store-records.js';
import { ModelEvents } from '../../../events/index.js';
import { StoreSettingsChanges } from '../../../platform/cache/index.js';
import type { StoreContext } from '../../stores/index.js';
import { Zone } from '../zone.entity.js';
import type { CreateZoneBody, UpdateZoneBody } from './zone.body.js';
import { type SerializedZone, ZoneSerializer } from './zone.serializer.js';

/** A store's zones: the countries or states its tax rates and delivery methods apply to. */
@Injectable()
export class ZonesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: StoreSettingsChanges,
    private readonly ids: PublicIdCodec,
    private readonly serializer: ZoneSerializer,
    private readonly events: ModelEvents,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<SerializedZone>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(Zone, {
          where: { storeId: store.storeId },
          order: { name: 'ASC', id: 'ASC' },
          ...window,
        }),
      (zone) => this.serializer.serialize(zone),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<SerializedZone> {
    return this.serializer.serialize(await this.find(this.dataSource.manager, store, publicId));
  }

  /** The zone of a `zone_…` id in the caller's transaction; 422 on `field` when it is none. */
  async resolve(manager: EntityManager, storeId: string, publicId: string, field: string) {
    const id = this.ids.decode(ID_PREFIX.zone, publicId);
    const zone = id ? await manager.findOneBy(Zone, { id, storeId }) : null;
    if (!zone) throw fieldInvalid(field, `${publicId} is not a zone of this store`);
    return zone;
  }

  create(store: StoreContext, body: CreateZoneBody): Promise<SerializedZone> {
    return this.changes.run(store.storeId, async (manager) => {
      await this.assertNameFree(manager, store.storeId, body.name);
      const zone = await manager.save(
        manager.create(Zone, {
          storeId: store.storeId,
          name: body.name,
          description: body.description ?? null,
          ...(await this.membersOf(manager, body)),
        }),
      );
      await this.events.created({ manager, storeId: store.storeId }, 'zone', zone);
      return this.serializer.serialize(zone);
    });
  }

  update(store: StoreContext, publicId: string, body: UpdateZoneBody): Promise<SerializedZone> {
    return this.changes.run(store.storeId, async (manager) => {
      const zone = await this.find(manager, store, publicId, true);
      if (body.name !== undefined)
        await this.assertNameFree(manager, store.storeId, body.name, zone.id);
      const membersSent = [body.kind, body.countries, body.states].some((v) => v !== undefined);
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(membersSent ? await this.membersOf(manager, body, zone) : {}),
      };
      if (Object.keys(changes).length === 0) return this.serializer.serialize(zone);
      await manager.update(Zone, { id: zone.id }, changes);
      const updated = await manager.findOneByOrFail(Zone, { id: zone.id });
      await this.events.updated({ manager, storeId: store.storeId }, 'zone', updated);
      return this.serializer.serialize(updated);
    });
  }

  /** A zone tax rates or delivery methods apply to stays: 422 `resource_invalid`. */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.changes.run(store.storeId, async (manager) => {
      const zone = await this.find(manager, store, publicId, true);
      const [uses] = (await manager.query(
        `SELECT (SELECT count(*) FROM tax_rates WHERE zone_id = $1)::int AS tax_rates,
                (SELECT count(*) FROM delivery_method_zones WHERE zone_id = $1)::int AS delivery_methods`,
        [zone.id],
      )) as Record<string, number>[];
      if (uses.tax_rates + uses.delivery_methods > 0) throw stillInUse('zone', uses);
      await this.events.deleted({ manager, storeId: store.storeId }, 'zone', zone);
      await manager.delete(Zone, { id: zone.id });
    });
  }

  private async assertNameFree(
    manager: EntityManager,
    storeId: string,
    name: string,
    exceptId?: string,
  ): Promise<void> {
    const where = { storeId, name, ...(exceptId ? { id: Not(exceptId) } : {}) };
    if (await manager.exists(Zone, { where })) throw fieldInvalid('name', 'has already been taken');
  }

  /**
   * The kind and members a zone gets from a body (over `current` on a change): a country zone
   * lists known countries; a state zone lists known states, its countries following them.
   */
  private async membersOf(
    manager: EntityManager,
    body: UpdateZoneBody,
    current?: Zone,
  ): Promise<Pick<Zone, 'kind' | 'countryIsos' | 'stateCodes'>> {
    const kind = body.kind ?? current?.kind ?? 'country';
    const kindChanged = current !== undefined && kind !== current.kind;
    if (kind === 'country') {
      if (body.states !== undefined)
        throw fieldInvalid('states', 'only a zone of kind state lists states');
      const countries = body.countries ?? (kindChanged ? undefined : current?.countryIsos);
      if (!countries) throw fieldInvalid('countries', 'are required by a zone of kind country');
      await this.assertCountriesKnown(manager, countries);
      return { kind, countryIsos: countries, stateCodes: [] };
    }
    if (body.countries !== undefined)
      throw fieldInvalid('countries', 'a zone of kind state lists states; send states');
    const states = body.states ?? (kindChanged ? undefined : current?.stateCodes);
    if (!states) throw fieldInvalid('states', 'are required by a zone of kind state');
    const known: { code: string }[] = await manager.query(
      `SELECT country_iso || '-' || abbr AS code FROM states
       WHERE country_iso || '-' || abbr = ANY($1::text[])`,
      [states],
    );
    const unknown = states.filter((code) => !known.some((row) => row.code === code));
    if (unknown.length > 0) throw fieldInvalid('states', `unknown states: ${unknown.join(', ')}`);
    return {
      kind,
      countryIsos: [...new Set(states.map((code) => code.slice(0, 2)))],
      stateCodes: states,
    };
  }

  private async assertCountriesKnown(manager: EntityManager, countries: string[]): Promise<void> {
    const known: { iso: string }[] = await manager.query(
      `SELECT iso FROM countries WHERE iso = ANY($1::text[])`,
      [countries],
    );
    const unknown = countries.filter((iso) => !known.some((row) => row.iso === iso));
    if (unknown.length > 0)
      throw fieldInvalid('countries', `unknown countries: ${unknown.join(', ')}`);
  }

  private find(manager: EntityManager, store: StoreContext, publicId: string, lock = false) {
    return findStoreRecord(
      manager,
      Zone,
      { ids: this.ids, prefix: ID_PREFIX.zone, storeId: store.storeId, publicId, what: 'zone' },
      { lock },
    );
  }
}
