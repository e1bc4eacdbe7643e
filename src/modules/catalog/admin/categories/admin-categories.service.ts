import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { fieldInvalid, findStoreRecord } from '../../../../common/records/store-records.js';
import { ModelEvents } from '../../../../events/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { CategorySerializer, type CategoryView } from '../../categories/category.serializer.js';
import { Category } from '../../category.entity.js';
import type { CreateCategoryBody, UpdateCategoryBody } from './category.body.js';
import { CategoryTree, pathOf, segmentOf, slugOf } from './category-tree.js';

/** The end of a sibling list: `place` clamps it to the number of siblings. */
const LAST = 2 ** 31 - 1;

type Scope = { manager: EntityManager; storeId: string };

/** Text fields of the body in the entity's names; only those sent. */
function textFields(body: UpdateCategoryBody): Partial<Category> {
  const fields: Partial<Category> = {
    name: body.name,
    description: body.description,
    metaTitle: body.meta_title,
    metaDescription: body.meta_description,
    metaKeywords: body.meta_keywords,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<Category>;
}

/**
 * Staff changes to a store's category tree. A node's permalink is its parent's followed by its
 * own segment (the slug of its name unless given), so a rename or a move rewrites the permalinks
 * and depths of the whole subtree; siblings are numbered 0, 1, 2… by `position`. Every change
 * publishes `category.*` for each node it changed, the moved node first.
 */
@Injectable()
export class AdminCategoriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: CategorySerializer,
    private readonly events: ModelEvents,
  ) {}

  create(store: StoreContext, body: CreateCategoryBody): Promise<CategoryView> {
    return this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const tree = new CategoryTree(manager, store.storeId);
      const parent = body.parent_id ? await this.parent(scope, body.parent_id) : null;
      const permalink = pathOf(parent?.permalink ?? null, this.segment(body.permalink, body.name));
      await this.assertFree(tree, permalink);
      const category = await manager.save(
        manager.create(Category, {
          ...textFields(body),
          storeId: store.storeId,
          parentId: parent?.id ?? null,
          permalink,
          depth: parent ? parent.depth + 1 : 0,
          position: LAST,
        }),
      );
      const renumbered = await tree.place(category.id, category.parentId, body.position ?? LAST);
      const [row] = await tree.rows([category.id]);
      await this.events.created(scope, 'category', row);
      await this.publishUpdated(scope, tree, renumbered, category.id);
      return this.serializer.serialize(row);
    });
  }

  update(store: StoreContext, publicId: string, body: UpdateCategoryBody): Promise<CategoryView> {
    return this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const tree = new CategoryTree(manager, store.storeId);
      const node = await this.find(scope, publicId);
      const moved = body.parent_id !== undefined || body.position !== undefined;
      const changed = new Set<string>();
      const fields = textFields(body);
      if (Object.keys(fields).length > 0) {
        await manager.update(Category, { id: node.id }, fields);
        changed.add(node.id);
      }
      if (body.name !== undefined || body.permalink !== undefined || moved) {
        for (const id of await this.move(scope, tree, node, body)) changed.add(id);
      }
      const row = await tree.row(node.id);
      await this.publishUpdated(scope, tree, [...changed]);
      return this.serializer.serialize(row);
    });
  }

  /** Moves a node within or between parents (`parent_id` absent: the same parent). */
  reposition(
    store: StoreContext,
    publicId: string,
    body: { parent_id?: string | null; position: number },
  ): Promise<CategoryView> {
    return this.update(store, publicId, { parent_id: body.parent_id, position: body.position });
  }

  /** Deletes the node and its subtree; their products leave them (`product_categories`). */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const tree = new CategoryTree(manager, store.storeId);
      const node = await this.find(scope, publicId);
      const subtree = await tree.subtree(node.id);
      const rows = await tree.rows([...subtree].reverse());
      await this.events.publishChanges(
        scope,
        rows.map((row) => ({ model: 'category', action: 'deleted', record: row })),
      );
      // Children and product placements go with the node (ON DELETE CASCADE).
      await manager.delete(Category, { id: node.id });
      await this.publishUpdated(scope, tree, await tree.close(node.parentId));
    });
  }

  /**
   * Puts the node under its (new) parent with its (new) segment and position; refuses a parent
   * inside its own subtree. The ids of every node whose permalink, depth or position changed.
   */
  private async move(
    scope: Scope,
    tree: CategoryTree,
    node: Category,
    body: UpdateCategoryBody,
  ): Promise<string[]> {
    const parent =
      body.parent_id === undefined
        ? node.parentId === null
          ? null
          : await scope.manager.findOneByOrFail(Category, { id: node.parentId })
        : body.parent_id === null
          ? null
          : await this.parent(scope, body.parent_id);
    const parentId = parent?.id ?? null;
    if (parent && (await tree.subtree(node.id)).includes(parent.id)) {
      throw new StoreError('resource_invalid', 'A category cannot move under its own subtree', {
        parent_id: ['is the category itself or one of its descendants'],
      });
    }
    const segment =
      body.permalink !== undefined || body.name !== undefined
        ? this.segment(body.permalink, body.name ?? node.name)
        : segmentOf(node.permalink);
    const target = {
      permalink: pathOf(parent?.permalink ?? null, segment),
      depth: parent ? parent.depth + 1 : 0,
    };
    if (target.permalink !== node.permalink) await this.assertFree(tree, target.permalink, node.id);
    const changed: string[] = [];
    if (parentId !== node.parentId) {
      await scope.manager.update(Category, { id: node.id }, { parentId });
      changed.push(node.id);
    }
    changed.push(...(await tree.rebase(node.id, node, target)));
    if (parentId !== node.parentId) {
      changed.push(...(await tree.place(node.id, parentId, body.position ?? LAST)));
      changed.push(...(await tree.close(node.parentId)));
    } else if (body.position !== undefined) {
      changed.push(...(await tree.place(node.id, parentId, body.position)));
    }
    return changed;
  }

  private segment(permalink: string | undefined, name: string): string {
    const segment = permalink ?? slugOf(name);
    if (!segment) {
      throw fieldInvalid('name', 'name must contain a letter or digit to make a permalink');
    }
    return segment;
  }

  private async assertFree(tree: CategoryTree, permalink: string, exceptId?: string) {
    if (await tree.permalinkTaken(permalink, exceptId)) {
      throw new StoreError('resource_invalid', 'Another category has this permalink', {
        permalink: [`${permalink} is already taken`],
      });
    }
  }

  /** Publishes `category.updated` for each id once, in order, skipping `except`. */
  private async publishUpdated(scope: Scope, tree: CategoryTree, ids: string[], except?: string) {
    const unique = [...new Set(ids)].filter((id) => id !== except);
    const rows = await tree.rows(unique);
    await this.events.publishChanges(
      scope,
      rows.map((row) => ({ model: 'category', action: 'updated', record: row })),
    );
  }

  private async parent(scope: Scope, publicId: string): Promise<Category> {
    const id = this.ids.decode(ID_PREFIX.category, publicId);
    const parent = id
      ? await scope.manager.findOne(Category, {
          where: { id, storeId: scope.storeId },
          lock: { mode: 'pessimistic_write' },
        })
      : null;
    if (!parent) throw fieldInvalid('parent_id', 'parent_id is not a category of this store');
    return parent;
  }

  private find(scope: Scope, publicId: string): Promise<Category> {
    return findStoreRecord(
      scope.manager,
      Category,
      {
        ids: this.ids,
        prefix: ID_PREFIX.category,
        storeId: scope.storeId,
        publicId,
        what: 'category',
      },
      { lock: true },
    );
  }
}
