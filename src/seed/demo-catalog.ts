/** The demo store's catalog: enough variety to try listing, sorting, filtering and checkout. */

/** An option type of the demo, with its values in order (`color`: the swatch, if any). */
export interface DemoOptionType {
  name: string;
  label: string;
  kind: string;
  values: { label: string; color?: string }[];
}

const SIZES: DemoOptionType = {
  name: 'size',
  label: 'Size',
  kind: 'buttons',
  values: [{ label: 'S' }, { label: 'M' }, { label: 'L' }, { label: 'XL' }],
};
const COLORS: DemoOptionType = {
  name: 'color',
  label: 'Color',
  kind: 'color_swatch',
  values: [
    { label: 'Black', color: '#000000' },
    { label: 'White', color: '#FFFFFF' },
    { label: 'Blue', color: '#1E4FD8' },
  ],
};
export const DEMO_OPTION_TYPES = [SIZES, COLORS];

/** The category tree, parents first; a permalink is the path of slugs from the root. */
export const DEMO_CATEGORIES: { name: string; permalink: string }[] = [
  { name: 'Categories', permalink: 'categories' },
  { name: 'Apparel', permalink: 'categories/apparel' },
  { name: 'Shirts', permalink: 'categories/apparel/shirts' },
  { name: 'Outerwear', permalink: 'categories/apparel/outerwear' },
  { name: 'Accessories', permalink: 'categories/apparel/accessories' },
  { name: 'Home & Desk', permalink: 'categories/home-desk' },
  { name: 'Outdoor', permalink: 'categories/outdoor' },
  { name: 'Food & Drink', permalink: 'categories/food-drink' },
  { name: 'Digital', permalink: 'categories/digital' },
];

export interface DemoProduct {
  name: string;
  description: string;
  /** Price in USD; EUR is derived. */
  price: string;
  options?: DemoOptionType;
  weightGrams: number;
  /** Permalinks of the categories the product is placed in. */
  categories: string[];
  tags?: string[];
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Classic Cotton T-Shirt',
    description: 'Soft everyday tee in organic cotton.',
    price: '19.99',
    options: SIZES,
    weightGrams: 180,
    categories: ['categories/apparel/shirts'],
    tags: ['organic', 'bestseller'],
  },
  {
    name: 'Heavyweight Hoodie',
    description: 'Brushed fleece hoodie with a kangaroo pocket.',
    price: '54.00',
    options: SIZES,
    weightGrams: 650,
    categories: ['categories/apparel/outerwear'],
    tags: ['bestseller'],
  },
  {
    name: 'Denim Jacket',
    description: 'Rigid denim trucker jacket.',
    price: '89.50',
    options: SIZES,
    weightGrams: 900,
    categories: ['categories/apparel/outerwear'],
  },
  {
    name: 'Merino Beanie',
    description: 'Rib-knit merino wool beanie.',
    price: '24.00',
    options: COLORS,
    weightGrams: 90,
    categories: ['categories/apparel/accessories'],
    tags: ['wool'],
  },
  {
    name: 'Canvas Tote Bag',
    description: 'Heavy canvas tote with inner pocket.',
    price: '18.00',
    options: COLORS,
    weightGrams: 300,
    categories: ['categories/apparel/accessories', 'categories/outdoor'],
  },
  {
    name: 'Ceramic Coffee Mug',
    description: 'Stoneware mug, 350 ml.',
    price: '12.50',
    weightGrams: 400,
    categories: ['categories/home-desk'],
    tags: ['bestseller'],
  },
  {
    name: 'Insulated Water Bottle',
    description: 'Keeps drinks cold for 24 hours.',
    price: '29.95',
    options: COLORS,
    weightGrams: 420,
    categories: ['categories/outdoor'],
  },
  {
    name: 'Leather Wallet',
    description: 'Slim bifold wallet in vegetable-tanned leather.',
    price: '45.00',
    weightGrams: 110,
    categories: ['categories/apparel/accessories'],
    tags: ['gift'],
  },
  {
    name: 'Running Socks (3 pack)',
    description: 'Cushioned socks with arch support.',
    price: '15.00',
    options: SIZES,
    weightGrams: 120,
    categories: ['categories/apparel/accessories'],
  },
  {
    name: 'Wool Scarf',
    description: 'Lambswool scarf, 180 cm.',
    price: '39.00',
    options: COLORS,
    weightGrams: 200,
    categories: ['categories/apparel/accessories'],
    tags: ['wool', 'gift'],
  },
  {
    name: 'Baseball Cap',
    description: 'Six-panel cotton twill cap.',
    price: '22.00',
    options: COLORS,
    weightGrams: 100,
    categories: ['categories/apparel/accessories'],
  },
  {
    name: 'Linen Shirt',
    description: 'Breathable linen button-down.',
    price: '59.00',
    options: SIZES,
    weightGrams: 250,
    categories: ['categories/apparel/shirts'],
  },
  {
    name: 'Chino Trousers',
    description: 'Stretch cotton chinos.',
    price: '64.00',
    options: SIZES,
    weightGrams: 550,
    categories: ['categories/apparel'],
  },
  {
    name: 'Rain Jacket',
    description: 'Waterproof shell with taped seams.',
    price: '119.00',
    options: SIZES,
    weightGrams: 480,
    categories: ['categories/apparel/outerwear', 'categories/outdoor'],
  },
  {
    name: 'Notebook A5',
    description: 'Dotted pages, lay-flat binding.',
    price: '9.90',
    weightGrams: 280,
    categories: ['categories/home-desk'],
  },
  {
    name: 'Fountain Pen',
    description: 'Steel nib, converter included.',
    price: '35.00',
    options: COLORS,
    weightGrams: 40,
    categories: ['categories/home-desk'],
    tags: ['gift'],
  },
  {
    name: 'Desk Lamp',
    description: 'Dimmable LED lamp with USB-C.',
    price: '74.00',
    weightGrams: 1200,
    categories: ['categories/home-desk'],
  },
  {
    name: 'Yoga Mat',
    description: 'Natural rubber mat, 4 mm.',
    price: '49.00',
    options: COLORS,
    weightGrams: 1800,
    categories: ['categories/outdoor'],
  },
  {
    name: 'Backpack 20L',
    description: 'Water-resistant daypack with laptop sleeve.',
    price: '79.00',
    options: COLORS,
    weightGrams: 850,
    categories: ['categories/outdoor'],
  },
  {
    name: 'Sunglasses',
    description: 'Polarised lenses, acetate frame.',
    price: '99.00',
    weightGrams: 60,
    categories: ['categories/apparel/accessories'],
  },
  {
    name: 'Scented Candle',
    description: 'Soy wax, 40 hours of burn time.',
    price: '26.00',
    weightGrams: 500,
    categories: ['categories/home-desk'],
    tags: ['gift'],
  },
  {
    name: 'Gift Card',
    description: 'A gift card for the store.',
    price: '50.00',
    weightGrams: 0,
    categories: ['categories/digital'],
    tags: ['gift'],
  },
  {
    name: 'Espresso Beans 1kg',
    description: 'Medium roast, chocolate and hazelnut notes.',
    price: '32.00',
    weightGrams: 1000,
    categories: ['categories/food-drink'],
    tags: ['organic'],
  },
  {
    name: 'Tea Sampler',
    description: 'Twelve loose-leaf teas.',
    price: '27.50',
    weightGrams: 350,
    categories: ['categories/food-drink'],
    tags: ['organic'],
  },
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
