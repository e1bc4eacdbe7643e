import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PreparedSql } from '../../platform/database/prepared-sql.js';
import { type MediaView, ProductMediaExtension } from '../catalog/index.js';
import { mediaStatement, type MediaRow, readMedia } from './media-rows.js';
import { MediaUrls } from './media-urls.js';
import { MediaSerializer } from './media.serializer.js';

/**
 * Product and variant views of the catalog show the media a storefront may see, read for a page
 * of products with one prepared statement (it runs on every product read).
 */
@Injectable()
export class MediaCatalogHooks implements OnModuleInit {
  constructor(
    private readonly sql: PreparedSql,
    private readonly extension: ProductMediaExtension,
    private readonly serializer: MediaSerializer,
    private readonly urls: MediaUrls,
  ) {}

  onModuleInit(): void {
    this.extension.provide(
      async (storeId, productIds, manager) => {
        const rows = manager
          ? await readMedia(manager, storeId, productIds, { shownOnly: true })
          : await this.shownMedia(storeId, productIds);
        const byProduct = new Map<string, MediaView[]>();
        for (const row of rows) {
          const views = byProduct.get(row.product_id) ?? [];
          views.push(this.serializer.view(row));
          byProduct.set(row.product_id, views);
        }
        return byProduct;
      },
      (key) => this.urls.of(key),
    );
  }

  private shownMedia(storeId: string, productIds: readonly string[]): Promise<MediaRow[]> {
    const { text, values } = mediaStatement(storeId, productIds, { shownOnly: true });
    return this.sql.rows<MediaRow>('media_shown_of_products', text, values);
  }
}
