/** The demo store's catalog: enough variety to try listing, sorting, filtering and checkout. */
export interface DemoProduct {
  name: string;
  description: string;
  /** Price in USD; EUR is derived. */
  price: string;
  options?: { name: string; values: string[] };
  weightGrams: number;
}

const SIZES = { name: 'Size', values: ['S', 'M', 'L', 'XL'] };
const COLORS = { name: 'Color', values: ['Black', 'White', 'Blue'] };

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Classic Cotton T-Shirt',
    description: 'Soft everyday tee in organic cotton.',
    price: '19.99',
    options: SIZES,
    weightGrams: 180,
  },
  {
    name: 'Heavyweight Hoodie',
    description: 'Brushed fleece hoodie with a kangaroo pocket.',
    price: '54.00',
    options: SIZES,
    weightGrams: 650,
  },
  {
    name: 'Denim Jacket',
    description: 'Rigid denim trucker jacket.',
    price: '89.50',
    options: SIZES,
    weightGrams: 900,
  },
  {
    name: 'Merino Beanie',
    description: 'Rib-knit merino wool beanie.',
    price: '24.00',
    options: COLORS,
    weightGrams: 90,
  },
  {
    name: 'Canvas Tote Bag',
    description: 'Heavy canvas tote with inner pocket.',
    price: '18.00',
    options: COLORS,
    weightGrams: 300,
  },
  {
    name: 'Ceramic Coffee Mug',
    description: 'Stoneware mug, 350 ml.',
    price: '12.50',
    weightGrams: 400,
  },
  {
    name: 'Insulated Water Bottle',
    description: 'Keeps drinks cold for 24 hours.',
    price: '29.95',
    options: COLORS,
    weightGrams: 420,
  },
  {
    name: 'Leather Wallet',
    description: 'Slim bifold wallet in vegetable-tanned leather.',
    price: '45.00',
    weightGrams: 110,
  },
  {
    name: 'Running Socks (3 pack)',
    description: 'Cushioned socks with arch support.',
    price: '15.00',
    options: SIZES,
    weightGrams: 120,
  },
  {
    name: 'Wool Scarf',
    description: 'Lambswool scarf, 180 cm.',
    price: '39.00',
    options: COLORS,
    weightGrams: 200,
  },
  {
    name: 'Baseball Cap',
    description: 'Six-panel cotton twill cap.',
    price: '22.00',
    options: COLORS,
    weightGrams: 100,
  },
  {
    name: 'Linen Shirt',
    description: 'Breathable linen button-down.',
    price: '59.00',
    options: SIZES,
    weightGrams: 250,
  },
  {
    name: 'Chino Trousers',
    description: 'Stretch cotton chinos.',
    price: '64.00',
    options: SIZES,
    weightGrams: 550,
  },
  {
    name: 'Rain Jacket',
    description: 'Waterproof shell with taped seams.',
    price: '119.00',
    options: SIZES,
    weightGrams: 480,
  },
  {
    name: 'Notebook A5',
    description: 'Dotted pages, lay-flat binding.',
    price: '9.90',
    weightGrams: 280,
  },
  {
    name: 'Fountain Pen',
    description: 'Steel nib, converter included.',
    price: '35.00',
    options: COLORS,
    weightGrams: 40,
  },
  {
    name: 'Desk Lamp',
    description: 'Dimmable LED lamp with USB-C.',
    price: '74.00',
    weightGrams: 1200,
  },
  {
    name: 'Yoga Mat',
    description: 'Natural rubber mat, 4 mm.',
    price: '49.00',
    options: COLORS,
    weightGrams: 1800,
  },
  {
    name: 'Backpack 20L',
    description: 'Water-resistant daypack with laptop sleeve.',
    price: '79.00',
    options: COLORS,
    weightGrams: 850,
  },
  {
    name: 'Sunglasses',
    description: 'Polarised lenses, acetate frame.',
    price: '99.00',
    weightGrams: 60,
  },
  {
    name: 'Scented Candle',
    description: 'Soy wax, 40 hours of burn time.',
    price: '26.00',
    weightGrams: 500,
  },
  { name: 'Gift Card', description: 'A gift card for the store.', price: '50.00', weightGrams: 0 },
  {
    name: 'Espresso Beans 1kg',
    description: 'Medium roast, chocolate and hazelnut notes.',
    price: '32.00',
    weightGrams: 1000,
  },
  { name: 'Tea Sampler', description: 'Twelve loose-leaf teas.', price: '27.50', weightGrams: 350 },
];

/** Member states of the European Union (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];
