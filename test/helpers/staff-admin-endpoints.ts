import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type AdminRoute, adminRoutes } from '../../src/modules/auth/admin-route-audit.js';

export interface AdminEndpoint extends AdminRoute {
  method: string;
  /** Absolute path, with its `:params` still in. */
  path: string;
}

const asList = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value : [value ?? ''];

const join = (...parts: string[]) =>
  `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;

/** Every Admin API handler of the running app, as the boot audit sees it, with method and path. */
export function adminEndpoints(app: NestFastifyApplication): AdminEndpoint[] {
  const discovery = app.get(DiscoveryService);
  const controllers = new Map<string, object[]>();
  for (const wrapper of discovery.getControllers()) {
    const type = wrapper.metatype as { name: string } | undefined;
    if (type) controllers.set(type.name, [...(controllers.get(type.name) ?? []), type]);
  }
  return adminRoutes(discovery, app.get(MetadataScanner)).flatMap((route) => {
    const candidates = controllers.get(route.controller) ?? [];
    if (candidates.length !== 1)
      throw new Error(`Controller name ${route.controller} is not unique (or not found)`);
    const controller = candidates[0] as { prototype: Record<string, object> };
    const handler = controller.prototype[route.handler];
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
    const paths = asList(Reflect.getMetadata(PATH_METADATA, controller)).flatMap((base) =>
      asList(Reflect.getMetadata(PATH_METADATA, handler)).map((path) => join(base, path)),
    );
    // A route whose scope depends on a query parameter is one endpoint per value.
    const byQuery = route.scopeByQuery;
    if (byQuery) {
      return paths.flatMap((path) =>
        Object.entries(byQuery.scopes).map(([value, scope]) => ({
          ...route,
          scope,
          method,
          path: `${path}?${byQuery.param}=${encodeURIComponent(value)}`,
        })),
      );
    }
    return paths.map((path) => ({ ...route, method, path }));
  });
}

/** The path with each `:param` replaced by `value` (a syntactically plausible id). */
export function concretePath(path: string, value: string): string {
  return path.replace(/:[A-Za-z0-9_]+\??/g, value);
}

/** The webhook routes of the Admin API and the scope each needs (the scope walk covers them). */
export const WEBHOOK_ADMIN_ROUTES: Record<string, string> = {
  'POST /api/v3/admin/webhook_endpoints': 'write_webhooks',
  'GET /api/v3/admin/webhook_endpoints': 'read_webhooks',
  'GET /api/v3/admin/webhook_endpoints/:id': 'read_webhooks',
  'PATCH /api/v3/admin/webhook_endpoints/:id': 'write_webhooks',
  'DELETE /api/v3/admin/webhook_endpoints/:id': 'write_webhooks',
  'PATCH /api/v3/admin/webhook_endpoints/:id/enable': 'write_webhooks',
  'PATCH /api/v3/admin/webhook_endpoints/:id/disable': 'write_webhooks',
  'POST /api/v3/admin/webhook_endpoints/:id/send_test': 'write_webhooks',
  'GET /api/v3/admin/webhook_endpoints/:endpoint_id/deliveries': 'read_webhooks',
  'GET /api/v3/admin/webhook_endpoints/:endpoint_id/deliveries/:id': 'read_webhooks',
  'POST /api/v3/admin/webhook_endpoints/:endpoint_id/deliveries/:id/redeliver': 'write_webhooks',
};

/** The order routes of the Admin API and the scope each needs (the scope walk covers them). */
export const ORDER_ADMIN_ROUTES: Record<string, string> = {
  'GET /api/v3/admin/orders': 'read_orders',
  'GET /api/v3/admin/orders/:id': 'read_orders',
  'POST /api/v3/admin/orders': 'write_orders',
  'PATCH /api/v3/admin/orders/:id': 'write_orders',
  'GET /api/v3/admin/orders/:id/discounts': 'read_orders',
  'DELETE /api/v3/admin/orders/:id/coupon_codes/:code': 'write_orders',
  'POST /api/v3/admin/orders/:order_id/gift_cards': 'write_gift_cards',
  'DELETE /api/v3/admin/orders/:order_id/gift_cards/:id': 'write_gift_cards',
  'PATCH /api/v3/admin/orders/:id/complete': 'write_orders',
  'PATCH /api/v3/admin/orders/:id/cancel': 'write_orders',
  'GET /api/v3/admin/orders/:id/payments': 'read_payments',
  'GET /api/v3/admin/orders/:id/payments/:payment_id': 'read_payments',
  'POST /api/v3/admin/orders/:id/payments': 'write_payments',
  'PATCH /api/v3/admin/orders/:id/payments/:payment_id/capture': 'write_payments',
  'PATCH /api/v3/admin/orders/:id/payments/:payment_id/void': 'write_payments',
  'GET /api/v3/admin/orders/:id/refunds': 'read_payments',
  'GET /api/v3/admin/orders/:id/refunds/:refund_id': 'read_payments',
  'POST /api/v3/admin/orders/:id/refunds': 'write_payments',
  'POST /api/v3/admin/orders/bulk_add_tags': 'write_orders',
  'POST /api/v3/admin/orders/bulk_remove_tags': 'write_orders',
  'POST /api/v3/admin/orders/:id/resend_confirmation': 'write_orders',
  'GET /api/v3/admin/orders/:id/items': 'read_orders',
  'POST /api/v3/admin/orders/:id/items': 'write_orders',
  'PATCH /api/v3/admin/orders/:id/items/:item_id': 'write_orders',
  'DELETE /api/v3/admin/orders/:id/items/:item_id': 'write_orders',
  'GET /api/v3/admin/orders/:id/fulfillments': 'read_fulfillments',
  'GET /api/v3/admin/orders/:id/fulfillments/:fulfillment_id': 'read_fulfillments',
  'PATCH /api/v3/admin/orders/:id/fulfillments/:fulfillment_id/ship': 'write_fulfillments',
  'PATCH /api/v3/admin/orders/:id/fulfillments/:fulfillment_id/cancel': 'write_fulfillments',
  'PATCH /api/v3/admin/orders/:id/fulfillments/:fulfillment_id/resume': 'write_fulfillments',
  'GET /api/v3/admin/orders/:order_id/email_deliveries': 'read_orders',
  'GET /api/v3/admin/orders/:order_id/return_authorizations': 'read_orders',
  'POST /api/v3/admin/orders/:order_id/return_authorizations': 'write_orders',
  'GET /api/v3/admin/orders/:order_id/return_authorizations/:id': 'read_orders',
  'PATCH /api/v3/admin/orders/:order_id/return_authorizations/:id': 'write_orders',
  'PATCH /api/v3/admin/orders/:order_id/return_authorizations/:id/authorize': 'write_orders',
  'PATCH /api/v3/admin/orders/:order_id/return_authorizations/:id/cancel': 'write_orders',
  'GET /api/v3/admin/orders/:order_id/customer_returns': 'read_orders',
  'POST /api/v3/admin/orders/:order_id/customer_returns': 'write_orders',
  'GET /api/v3/admin/orders/:order_id/customer_returns/:id': 'read_orders',
  'GET /api/v3/admin/orders/:order_id/reimbursements': 'read_payments',
  'POST /api/v3/admin/orders/:order_id/reimbursements': 'write_payments',
  'GET /api/v3/admin/orders/:order_id/reimbursements/:id': 'read_payments',
  'GET /api/v3/admin/orders/:order_id/order_edits': 'read_orders',
  'POST /api/v3/admin/orders/:order_id/order_edits': 'write_orders',
  'GET /api/v3/admin/orders/:order_id/order_edits/:id': 'read_orders',
  'PATCH /api/v3/admin/orders/:order_id/order_edits/:id': 'write_orders',
  'POST /api/v3/admin/orders/:order_id/order_edits/:id/confirm': 'write_orders',
  'POST /api/v3/admin/orders/:order_id/order_edits/:id/cancel': 'write_orders',
};

/** The digital download routes of the Admin API and the scope each needs (the scope walk covers them). */
export const DIGITAL_ADMIN_ROUTES: Record<string, string> = {
  'POST /api/v3/admin/products/:product_id/variants/:variant_id/digitals': 'write_products',
  'GET /api/v3/admin/products/:product_id/variants/:variant_id/digitals': 'read_products',
  'GET /api/v3/admin/digitals/:id': 'read_products',
  'DELETE /api/v3/admin/digitals/:id': 'write_products',
};

/** The newsletter routes of the Admin API and the scope each needs (the scope walk covers them). */
export const NEWSLETTER_ADMIN_ROUTES: Record<string, string> = {
  'GET /api/v3/admin/newsletter_subscribers': 'read_customers',
  'GET /api/v3/admin/newsletter_subscribers/export': 'read_customers',
  'DELETE /api/v3/admin/newsletter_subscribers/:id': 'write_customers',
};
