/** What a preview shows when it names no order: a made-up order of a made-up shopper. */
const ADDRESS = {
  name: 'Ada Lovelace',
  company: null,
  address1: '12 St James’s Square',
  address2: null,
  city: 'London',
  zipcode: 'SW1Y 4JH',
  state: null,
  country: 'United Kingdom',
  phone: '+44 20 7946 0000',
};

const LINES = [
  {
    name: 'Linen shirt',
    sku: 'SHIRT-LIN-M',
    options: 'Size: M, Colour: Sand',
    quantity: 2,
    unit_price: '$45.00',
    total: '$90.00',
    thumbnail_url: 'https://placehold.co/96x96/png?text=Shirt',
    downloads: [],
  },
  {
    name: 'Field guide (e-book)',
    sku: 'BOOK-FIELD-EPUB',
    options: '',
    quantity: 1,
    unit_price: '$12.00',
    total: '$12.00',
    thumbnail_url: 'https://placehold.co/96x96/png?text=Book',
    downloads: [
      { filename: 'field-guide.epub', url: 'https://shop.example.com/downloads/sample-token' },
    ],
  },
];

const ORDER = {
  number: 'R123456789',
  email: 'ada@example.com',
  customer_name: 'Ada Lovelace',
  completed_at: 'March 3, 2026',
  currency: 'USD',
  lines: LINES,
  discounts: [{ label: 'Promotion (SPRING10)', amount: '-$10.20' }],
  delivery_method: 'Standard delivery',
  bill_address: ADDRESS,
  ship_address: ADDRESS,
  has_downloads: true,
  item_total: '$102.00',
  adjustment_total: '-$10.20',
  promo_total: '-$10.20',
  shipping_total: '$5.00',
  tax_total: '$8.00',
  total: '$104.80',
};

const TOKEN = {
  email: 'ada@example.com',
  link: 'https://shop.example.com/account/confirm?token=sample-token',
  token: 'sample-token',
  expires_in: '7 days',
};

export const SAMPLE_VALUES = {
  order_confirmation: { order: ORDER },
  shipment_shipped: {
    order: ORDER,
    shipment: {
      number: 'H12345678901',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://tracking.example.com/1Z999AA10123456784',
      delivery_method: 'Standard delivery',
      lines: LINES,
    },
  },
  order_canceled: { order: ORDER },
  refund_issued: {
    order: ORDER,
    refund: { amount: '$45.00', reason: 'Returned item', payment_method: 'Visa ending in 4242' },
  },
  reimbursement_processed: {
    order: ORDER,
    reimbursement: {
      number: 'RI123456789',
      total: '$45.00',
      shipping_total: null,
      returned: [
        { name: 'Linen shirt', options: 'Size: M, Colour: Sand', quantity: 1, amount: '$45.00' },
      ],
      refunds: [],
      store_credit: null,
      exchange: {
        lines: [
          {
            ...LINES[0],
            options: 'Size: L, Colour: Sand',
            quantity: 1,
            unit_price: '$52.00',
            total: '$52.00',
            sku: 'SHIRT-LIN-L',
          },
        ],
        total: '$52.00',
      },
      balance_due: { amount: '$7.00', payment_session_id: 'ps_sample' },
    },
  },
  gift_card_received: {
    gift_card: {
      code: 'GIFT-ABCD-EFGH',
      amount: '$50.00',
      message: 'Happy birthday!',
      sender_name: 'Charles Babbage',
      expires_on: 'December 31, 2027',
    },
  },
  password_reset: { ...TOKEN, expires_in: 'an hour' },
  account_confirmation: TOKEN,
  staff_invitation: { ...TOKEN, link: null },
  newsletter_verification: { ...TOKEN, expires_in: null },
  newsletter_unsubscribe: { ...TOKEN, expires_in: null, subscription_id: 'sub_sample' },
  webhook_endpoint_disabled: {
    endpoint: {
      id: 'we_sample',
      name: 'ERP',
      url: 'https://erp.example.com/hooks/store',
      subscriptions: 'order.completed, order.canceled',
      failures: 15,
    },
  },
};
