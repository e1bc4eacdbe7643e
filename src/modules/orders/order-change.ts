import type { EntityManager } from 'typeorm';
import type { Order } from './entities/order.entity.js';
import type { OrderContext, OrderParts, OrderRendering, OrderSnapshot } from './order-snapshot.js';

/** Domain events a change announces about the order: `order.completed`, `order.canceled`. */
export type OrderAnnouncement = 'completed' | 'canceled';

/**
 * The unit of work of one state-changing operation on one order, inside its transaction: the
 * order as claimed (already at its new `state_lock_version`), its parts before the change, the
 * events the work announces and the rendering its response was made from. `OrderChanges` opens
 * it and, once the work is done, publishes from it what changed (see `OrderEvents`).
 */
export class OrderChange implements OrderContext {
  private readonly announced: OrderAnnouncement[] = [];
  private lastRendering?: OrderRendering;
  private removedAs?: OrderSnapshot;
  private publishingDeferred = false;

  constructor(
    readonly manager: EntityManager,
    readonly order: Order,
    /** The order's lines, shipments and payments as they were when the change claimed it. */
    readonly before: OrderParts,
  ) {}

  /** Publishes `order.<event>` with the change's events, the order as it ends up as payload. */
  announce(event: OrderAnnouncement): void {
    this.announced.push(event);
  }

  /**
   * The work goes on after this transaction (a card captured once the order was placed): the
   * transaction that finishes it publishes the change's events instead.
   */
  deferPublishing(): void {
    this.publishingDeferred = true;
  }

  get deferred(): boolean {
    return this.publishingDeferred;
  }

  /** The work deleted the order (an abandoned cart), which was `snapshot` just before. */
  markRemoved(snapshot: OrderSnapshot): void {
    this.removedAs = snapshot;
  }

  /** Called by the serializer: the change's events reuse its last rendering of the order. */
  onRendered(rendering: OrderRendering): void {
    this.lastRendering = rendering;
  }

  get announcements(): readonly OrderAnnouncement[] {
    return this.announced;
  }

  get rendering(): OrderRendering | undefined {
    return this.lastRendering;
  }

  get removed(): OrderSnapshot | undefined {
    return this.removedAs;
  }
}
