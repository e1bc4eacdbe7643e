import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { StoreContext } from '../../stores/index.js';
import { ReturnSettings } from '../entities/return-settings.entity.js';
import type { UpdateReturnSettingsBody } from './dto/return-settings.body.js';

/** A store's return window when staff have not set one. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;

export interface ReturnSettingsView {
  return_window_days: number;
}

/** The store's returns settings: a row once staff change them, the defaults until then. */
@Injectable()
export class ReturnSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async show(store: StoreContext): Promise<ReturnSettingsView> {
    return { return_window_days: await this.windowDays(this.dataSource.manager, store.storeId) };
  }

  async update(store: StoreContext, body: UpdateReturnSettingsBody): Promise<ReturnSettingsView> {
    if (body.return_window_days !== undefined) {
      await this.dataSource.manager.upsert(
        ReturnSettings,
        { storeId: store.storeId, returnWindowDays: body.return_window_days },
        ['storeId'],
      );
    }
    return this.show(store);
  }

  async windowDays(manager: EntityManager, storeId: string): Promise<number> {
    const settings = await manager.findOneBy(ReturnSettings, { storeId });
    return settings?.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS;
  }
}
