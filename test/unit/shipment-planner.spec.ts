import { type PlanningInputs, planShipments } from '../../src/modules/orders/shipment-planner.js';

const STANDARD = {
  id: '1',
  calculator: 'free_over_amount' as const,
  amount: '5.0000',
  minimumAmount: '75.0000',
  taxCategory: null,
};
const EXPRESS = {
  id: '2',
  calculator: 'per_item' as const,
  amount: '2.5000',
  minimumAmount: null,
  taxCategory: 'shipping',
};

function inputs(overrides: Partial<PlanningInputs> = {}): PlanningInputs {
  return {
    currency: 'USD',
    lines: [{ id: '10', variantId: '100', quantity: 3, amount: '59.97' }],
    methods: [STANDARD, EXPRESS],
    stock: [{ variant_id: '100', stock_location_id: '7', count_on_hand: 50, backorderable: false }],
    defaultLocationId: '7',
    selectedByLocation: new Map(),
    ...overrides,
  };
}

describe('planShipments', () => {
  it('prices every serving method for the shipment and selects the cheapest', () => {
    expect(planShipments(inputs())).toEqual([
      {
        locationId: '7',
        lineIds: ['10'],
        cost: '5.00',
        taxCategory: null,
        rates: [
          { methodId: '1', cost: '5.00', selected: true },
          { methodId: '2', cost: '7.50', selected: false },
        ],
      },
    ]);
  });

  it('keeps the rate the shopper selected while its method still serves the place', () => {
    const [shipment] = planShipments(inputs({ selectedByLocation: new Map([['7', '2']]) }));
    expect({ cost: shipment.cost, taxCategory: shipment.taxCategory }).toEqual({
      cost: '7.50',
      taxCategory: 'shipping',
    });
    expect(shipment.rates.map((rate) => rate.selected)).toEqual([false, true]);
  });

  it('falls back to the cheapest when the selected method no longer serves', () => {
    const [shipment] = planShipments(
      inputs({ methods: [EXPRESS, STANDARD], selectedByLocation: new Map([['7', '9']]) }),
    );
    expect(shipment.rates).toEqual([
      { methodId: '2', cost: '7.50', selected: false },
      { methodId: '1', cost: '5.00', selected: true },
    ]);
  });

  it('splits lines by the first location that can fill them, others to the default', () => {
    const planned = planShipments(
      inputs({
        lines: [
          { id: '10', variantId: '100', quantity: 3, amount: '59.97' },
          { id: '11', variantId: '101', quantity: 2, amount: '20.00' },
          { id: '12', variantId: '102', quantity: 1, amount: '9.00' },
        ],
        stock: [
          { variant_id: '100', stock_location_id: '7', count_on_hand: 1, backorderable: false },
          { variant_id: '100', stock_location_id: '8', count_on_hand: 5, backorderable: false },
          { variant_id: '101', stock_location_id: '7', count_on_hand: 9, backorderable: false },
        ],
      }),
    );
    expect(planned.map(({ locationId, lineIds }) => ({ locationId, lineIds }))).toEqual([
      { locationId: '8', lineIds: ['10'] },
      { locationId: '7', lineIds: ['11', '12'] },
    ]);
    // Location 7 carries 29.00 of items and 3 units: Standard 5.00, Express 7.50.
    expect(planned[1].rates.map((rate) => rate.cost)).toEqual(['5.00', '7.50']);
  });

  it('makes the shipment free over the minimum, per location', () => {
    const [shipment] = planShipments(
      inputs({ lines: [{ id: '10', variantId: '100', quantity: 4, amount: '79.96' }] }),
    );
    expect(shipment.rates[0]).toEqual({ methodId: '1', cost: '0.00', selected: true });
  });

  it('plans nothing without a serving method or without lines', () => {
    expect(planShipments(inputs({ methods: [] }))).toEqual([]);
    expect(planShipments(inputs({ lines: [] }))).toEqual([]);
  });

  it('refuses to plan when the store has no active location at all', () => {
    expect(() => planShipments(inputs({ stock: [], defaultLocationId: null }))).toThrow(
      'The store has no active stock location',
    );
  });
});
