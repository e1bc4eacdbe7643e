import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type MediaView, ProductMediaExtension } from '../catalog/index.js';
import { readMedia } from './media-rows.js';
import { MediaSerializer } from './media.serializer.js';

/** Product and variant views of the catalog show the media a storefront may see. */
@Injectable()
export class MediaCatalogHooks implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly extension: ProductMediaExtension,
    private readonly serializer: MediaSerializer,
  ) {}

  onModuleInit(): void {
    this.extension.provide(async (storeId, productIds) => {
      const rows = await readMedia(this.dataSource.manager, storeId, productIds, {
        shownOnly: true,
      });
      const byProduct = new Map<string, MediaView[]>();
      for (const row of rows) {
        const views = byProduct.get(row.product_id) ?? [];
        views.push(this.serializer.view(row));
        byProduct.set(row.product_id, views);
      }
      return byProduct;
    });
  }
}
