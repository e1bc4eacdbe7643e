import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { OrderView } from '../../orders/index.js';
import { type JsonApiDocument, renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import type { ResourceNode } from '../json-api/resource.js';
import { cartResource } from './cart.resource.js';

/**
 * Carts and orders as v2 `cart` resources. v3 names a placed order `or_…`; v2 keeps the
 * `cart_…` id of the same row for its whole life, so a storefront follows one resource from
 * the first item to the placed order.
 */
@Injectable()
export class CartDocuments {
  constructor(private readonly ids: PublicIdCodec) {}

  /** `orderToken`: the token the caller presented, shown when the view has none of its own. */
  resource(view: OrderView, orderToken: string | null = null): ResourceNode {
    const key =
      this.ids.decode(ID_PREFIX.cart, view.id) ?? this.ids.decode(ID_PREFIX.order, view.id);
    const id = key === undefined ? view.id : this.ids.encode(ID_PREFIX.cart, key);
    return cartResource({ ...view, token: view.token ?? orderToken ?? undefined }, id);
  }

  /** A cart document: the cart and what the request includes. */
  document(
    view: OrderView,
    query: JsonApiQuery,
    orderToken: string | null = null,
  ): JsonApiDocument {
    return renderDocument(this.resource(view, orderToken), query);
  }
}
