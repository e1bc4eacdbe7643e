// The floor to compare the service against: bare Fastify and a pg pool, the same database work
// by hand. One primary-key read (product GET), and the add-to-cart transaction; with
// BENCH_STATIC_ROOT, @fastify/static serving that folder's files under /static/.
import { createHash, timingSafeEqual } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/health', async () => ({ ok: true }));

if (process.env.BENCH_STATIC_ROOT) {
  await app.register(fastifyStatic, { root: process.env.BENCH_STATIC_ROOT, prefix: '/static/' });
}

app.get('/products/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT * FROM products WHERE id = $1', [request.params.id]);
  if (rows.length === 0) return reply.code(404).send({ error: 'not_found' });
  return rows[0];
});

const PLACED_STATES = new Set(['complete', 'canceled', 'returned']);
const MAX_QUANTITY = 100_000;

class Refusal extends Error {
  constructor(status, code) {
    super(code);
    this.status = status;
  }
}

function tokenMatches(storedDigest, presented) {
  const expected = Buffer.from(storedDigest, 'hex');
  const actual = createHash('sha256').update(presented).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Add-to-cart as six statements: BEGIN; lock the cart (by id and store) and check its token;
 * the variant's price in the cart's currency, summed stock over active locations and the units
 * already in the cart; upsert the line; the order's totals and state_lock_version; COMMIT.
 * Ids are primary keys and the store comes in `x-store-id` (the bench looks them up).
 */
app.post('/carts/:id/items', async (request, reply) => {
  const storeId = request.headers['x-store-id'];
  const token = request.headers['x-store-token'];
  const { variant_id: variantId, quantity = 1 } = request.body ?? {};
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    return reply.code(422).send({ error: 'invalid_quantity' });
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const {
      rows: [order],
    } = await client.query(
      `SELECT id::text AS id, token_digest, currency, state, completed_at FROM orders
       WHERE id = $1 AND store_id = $2 FOR UPDATE`,
      [request.params.id, storeId],
    );
    if (
      !order ||
      typeof token !== 'string' ||
      !tokenMatches(order.token_digest, token) ||
      order.completed_at !== null ||
      PLACED_STATES.has(order.state)
    ) {
      throw new Refusal(404, 'cart_not_found');
    }
    const {
      rows: [variant],
    } = await client.query(
      `SELECT pr.amount::text AS price, p.tax_category,
         CASE WHEN NOT v.track_inventory OR bool_or(si.backorderable) THEN NULL
              ELSE COALESCE(SUM(si.count_on_hand), 0)::int END AS available,
         COALESCE((SELECT quantity FROM line_items WHERE order_id = $4 AND variant_id = v.id), 0)
           AS in_cart
       FROM variants v
       JOIN products p ON p.id = v.product_id AND p.status = 'active'
       JOIN prices pr ON pr.variant_id = v.id AND pr.currency = $3
       LEFT JOIN stock_items si ON si.variant_id = v.id
         AND si.stock_location_id IN (SELECT id FROM stock_locations WHERE store_id = $2 AND active)
       WHERE v.id = $1 AND v.store_id = $2
       GROUP BY v.id, pr.amount, p.tax_category`,
      [variantId, storeId, order.currency, order.id],
    );
    if (!variant) throw new Refusal(404, 'variant_not_found');
    const wanted = variant.in_cart + quantity;
    if (wanted > MAX_QUANTITY) throw new Refusal(422, 'invalid_quantity');
    if (variant.available !== null && wanted > variant.available) {
      throw new Refusal(422, 'insufficient_stock');
    }
    await client.query(
      `INSERT INTO line_items (store_id, order_id, variant_id, quantity, price, tax_category)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (order_id, variant_id)
       DO UPDATE SET quantity = line_items.quantity + EXCLUDED.quantity, updated_at = now()`,
      [storeId, order.id, variantId, quantity, variant.price, variant.tax_category],
    );
    const {
      rows: [totals],
    } = await client.query(
      `UPDATE orders SET item_total = item_total + $2::numeric * $3,
         total = total + $2::numeric * $3, item_count = item_count + $3,
         state_lock_version = state_lock_version + 1, updated_at = now()
       WHERE id = $1
       RETURNING item_total::text AS item_total, total::text AS total, item_count,
         state_lock_version`,
      [order.id, variant.price, quantity],
    );
    await client.query('COMMIT');
    client.release();
    return reply.code(201).send({ id: order.id, currency: order.currency, ...totals });
  } catch (error) {
    const rolledBack = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    client.release(!rolledBack); // a connection that cannot roll back is discarded
    if (error instanceof Refusal) return reply.code(error.status).send({ error: error.message });
    throw error;
  }
});

/**
 * Not a floor: the ten statements the service sends for one add-to-cart (as counted by
 * profile-cart.js), by hand on the same pool, so that profile-cart.js can tell the cost of the
 * service's SQL apart from the cost of its framework, ORM and serialisation. Same inputs.
 */
app.post('/carts/:id/items/as-service', async (request, reply) => {
  const storeId = request.headers['x-store-id'];
  const token = request.headers['x-store-token'];
  const { variant_id: variantId, quantity = 1 } = request.body ?? {};
  const client = await pool.connect();
  // `?prepared=1`: named (prepared once per connection) statements, as the product read uses.
  const prepared = request.query.prepared === '1';
  let position = 0;
  const query = (text, values) =>
    prepared && values
      ? client.query({ name: `as-service-${position++}`, text, values })
      : client.query(text, values);
  try {
    await query('START TRANSACTION');
    const {
      rows: [order],
    } = await query(
      `SELECT "Order"."id" AS "Order_id", "Order"."created_at" AS "Order_created_at", "Order"."updated_at" AS "Order_updated_at", "Order"."store_id" AS "Order_store_id", "Order"."number" AS "Order_number", "Order"."token_digest" AS "Order_token_digest", "Order"."state" AS "Order_state", "Order"."email" AS "Order_email", "Order"."currency" AS "Order_currency", "Order"."customer_id" AS "Order_customer_id", "Order"."bill_address_id" AS "Order_bill_address_id", "Order"."ship_address_id" AS "Order_ship_address_id", "Order"."special_instructions" AS "Order_special_instructions", "Order"."channel" AS "Order_channel", "Order"."item_total" AS "Order_item_total", "Order"."ship_total" AS "Order_ship_total", "Order"."adjustment_total" AS "Order_adjustment_total", "Order"."included_tax_total" AS "Order_included_tax_total", "Order"."additional_tax_total" AS "Order_additional_tax_total", "Order"."promo_total" AS "Order_promo_total", "Order"."pre_tax_item_amount" AS "Order_pre_tax_item_amount", "Order"."pre_tax_total" AS "Order_pre_tax_total", "Order"."total" AS "Order_total", "Order"."payment_total" AS "Order_payment_total", "Order"."item_count" AS "Order_item_count", "Order"."shipment_state" AS "Order_shipment_state", "Order"."payment_state" AS "Order_payment_state", "Order"."state_lock_version" AS "Order_state_lock_version", "Order"."completed_at" AS "Order_completed_at", "Order"."canceled_at" AS "Order_canceled_at" FROM "orders" "Order" WHERE (("Order"."id" = $1) AND ("Order"."store_id" = $2)) LIMIT 1`,
      [request.params.id, storeId],
    );
    if (!order || typeof token !== 'string' || !tokenMatches(order.Order_token_digest, token)) {
      throw new Refusal(404, 'cart_not_found');
    }
    const orderId = order.Order_id;
    const claimed = await query(
      `UPDATE orders SET state_lock_version = state_lock_version + 1, updated_at = now()
       WHERE id = $1 AND state_lock_version = $2 RETURNING updated_at`,
      [orderId, order.Order_state_lock_version],
    );
    if (claimed.rowCount === 0) throw new Refusal(409, 'cart_already_updated');
    const {
      rows: [variant],
    } = await query(
      `SELECT v.id::text AS id, pr.amount::text AS price, p.tax_category,
         CASE WHEN NOT v.track_inventory OR bool_or(si.backorderable) THEN NULL
              ELSE COALESCE(SUM(si.count_on_hand), 0)::int END AS available,
         COALESCE((SELECT quantity FROM line_items WHERE order_id = $4 AND variant_id = v.id), 0)
           AS in_cart
       FROM variants v
       JOIN products p ON p.id = v.product_id AND p.status = 'active'
         AND (p.available_on IS NULL OR p.available_on <= now())
       JOIN prices pr ON pr.variant_id = v.id AND pr.currency = $3
       LEFT JOIN stock_items si ON si.variant_id = v.id
         AND si.stock_location_id IN (SELECT id FROM stock_locations WHERE store_id = $2 AND active)
       WHERE v.id = $1 AND v.store_id = $2
       GROUP BY v.id, pr.amount, p.tax_category`,
      [variantId, storeId, order.Order_currency, orderId],
    );
    if (!variant) throw new Refusal(404, 'variant_not_found');
    if (variant.available !== null && variant.in_cart + quantity > variant.available) {
      throw new Refusal(422, 'insufficient_stock');
    }
    await query(
      `INSERT INTO line_items (store_id, order_id, variant_id, quantity, price, tax_category)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (order_id, variant_id)
       DO UPDATE SET quantity = line_items.quantity + EXCLUDED.quantity, updated_at = now()`,
      [storeId, orderId, variant.id, quantity, variant.price, variant.tax_category],
    );
    const { rows: lines } = await query(
      `SELECT id::text AS id, variant_id::text AS variant_id, quantity, price::text AS price,
              tax_category, promo_total::text AS promo_total
       FROM line_items WHERE order_id = $1 ORDER BY line_items.id`,
      [orderId],
    );
    // Cents as integers: the demo prices have two decimals.
    const cents = lines.reduce(
      (sum, line) => sum + Math.round(Number(line.price) * 100) * line.quantity,
      0,
    );
    const itemTotal = (cents / 100).toFixed(2);
    const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
    await query(
      `UPDATE orders SET item_total = $2, ship_total = $3, adjustment_total = $4,
         included_tax_total = $5, additional_tax_total = $6, promo_total = $7,
         pre_tax_item_amount = $8, pre_tax_total = $9, total = $10, item_count = $11, state = $12,
         updated_at = now()
       WHERE id = $1`,
      [
        orderId,
        itemTotal,
        '0',
        '0',
        '0',
        '0',
        '0',
        itemTotal,
        itemTotal,
        itemTotal,
        itemCount,
        order.Order_state,
      ],
    );
    const { rows: snapshotLines } = await query(
      `SELECT li.id::text AS id, li.variant_id::text AS variant_id, p.id::text AS product_id,
              p.name, p.slug, v.sku, v.options_text, li.quantity, li.price::text AS price,
              li.additional_tax_total::text AS additional_tax_total,
              li.included_tax_total::text AS included_tax_total, li.promo_total::text AS promo_total,
              v.track_inventory
       FROM line_items li
       JOIN variants v ON v.id = li.variant_id
       JOIN products p ON p.id = v.product_id
       WHERE li.order_id = $1 ORDER BY li.id`,
      [orderId],
    );
    const { rows: payments } = await query(
      `SELECT p.id::text AS id, p.payment_method_id::text AS payment_method_id,
              pm.name AS method_name, pm.type AS method_type,
              p.store_credit_id::text AS store_credit_id, p.state, p.amount::text AS amount,
              p.source, p.response_code, p.failure_message, p.created_at
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       WHERE p.order_id = $1 ORDER BY p.id`,
      [orderId],
    );
    await query('COMMIT');
    client.release();
    return reply.code(201).send({
      id: orderId,
      item_total: itemTotal,
      item_count: itemCount,
      line_items: snapshotLines,
      payments,
    });
  } catch (error) {
    const rolledBack = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    client.release(!rolledBack);
    if (error instanceof Refusal) return reply.code(error.status).send({ error: error.message });
    throw error;
  }
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
