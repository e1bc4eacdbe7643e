import { Injectable } from '@nestjs/common';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { OrderChanges, type OrderTarget } from '../orders/index.js';
import { EditApplication } from './edit-application.js';
import { type EditPreview, previewOf } from './edit-preview.js';
import type { OrderEditItem } from './entities/order-edit.entity.js';

/** Carries the preview out of the change it was worked out in, undoing that change. */
class PreviewReady extends Error {
  constructor(readonly preview: EditPreview) {
    super('order edit preview');
  }
}

/**
 * Works out what an edit would make of its order by applying it in a change of the order that is
 * then rolled back: the same lines, recalculation and stock checks as its confirmation, so an
 * edit that could not be confirmed now (a variant not for sale, stock short, a shipped order) is
 * refused as its confirmation would be, and nothing is changed or published.
 */
@Injectable()
export class EditPreviews {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly changes: OrderChanges,
    private readonly application: EditApplication,
  ) {}

  async preview(
    target: OrderTarget,
    expectedVersion: number | undefined,
    items: readonly OrderEditItem[],
  ): Promise<EditPreview> {
    try {
      await this.changes.run(target, expectedVersion, async (change) => {
        await this.application.apply(change, items);
        throw new PreviewReady(await previewOf(change.manager, this.ids, change.order));
      });
    } catch (error) {
      if (error instanceof PreviewReady) return error.preview;
      throw error;
    }
    throw new Error('An order edit preview ended without its preview');
  }
}
