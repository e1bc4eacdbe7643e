// The event payload of the events benchmark, shared by the publisher (the service's events) and the
// bare Bull baseline (its jobs), so that both send bodies of the same size.

export const EVENT_NAME = 'order.completed';

/** About the size and shape of a real order.completed payload (one line, one shipment). */
export function orderPayload(n) {
  const id = `or_bench${n.toString(36)}`;
  return {
    id,
    number: `R${String(100_000_000 + n)}`,
    state: 'complete',
    payment_state: 'paid',
    shipment_state: 'ready',
    email: 'shopper@example.com',
    currency: 'USD',
    item_total: '38.00',
    ship_total: '5.00',
    promo_total: '0.00',
    additional_tax_total: '3.04',
    included_tax_total: '0.00',
    tax_total: '3.04',
    total: '46.04',
    item_count: 2,
    completed_at: new Date().toISOString(),
    bill_address: {
      firstname: 'Grace',
      lastname: 'Hopper',
      address1: '1 Navy Way',
      city: 'Arlington',
      zipcode: '22202',
      state_name: 'VA',
      country_iso: 'US',
    },
    line_items: [
      {
        id: `li_${id}`,
        variant_id: 'variant_k3G7QAe51F',
        sku: 'TSHIRT-CLASSIC-M-BLACK',
        name: 'Classic Cotton T-Shirt',
        quantity: 2,
        price: '19.00',
        total: '38.00',
      },
    ],
    shipments: [{ id: `ful_${id}`, state: 'ready', cost: '5.00', method: 'Standard' }],
  };
}

/** The webhook envelope of event `id` carrying payload `n`, as the service serializes it. */
export function envelopeBody(id, n) {
  return JSON.stringify({
    id,
    name: EVENT_NAME,
    created_at: new Date().toISOString(),
    data: orderPayload(n),
    metadata: {},
  });
}
