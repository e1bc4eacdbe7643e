import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { descriptionHtml } from '../description-html.js';
import type { CategoryRow } from './category-read.repository.js';

/** The client's Category. */
export interface CategoryView {
  id: string;
  name: string;
  permalink: string;
  position: number;
  depth: number;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  children_count: number;
  parent_id: string | null;
  description: string;
  description_html: string;
  image_url: null;
  square_image_url: null;
  is_root: boolean;
  is_child: boolean;
  is_leaf: boolean;
  parent?: CategoryView;
  children?: CategoryView[];
  ancestors?: CategoryView[];
}

@Injectable()
export class CategorySerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(row: CategoryRow): CategoryView {
    return {
      id: this.ids.encode(ID_PREFIX.category, row.id),
      name: row.name,
      permalink: row.permalink,
      position: row.position,
      depth: row.depth,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      meta_keywords: row.meta_keywords,
      children_count: row.children_count,
      parent_id: row.parent_id === null ? null : this.ids.encode(ID_PREFIX.category, row.parent_id),
      description: row.description ?? '',
      description_html: row.description ? descriptionHtml(row.description) : '',
      image_url: null,
      square_image_url: null,
      is_root: row.parent_id === null,
      is_child: row.parent_id !== null,
      is_leaf: row.children_count === 0,
    };
  }
}
