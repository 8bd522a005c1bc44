// The shop's in-memory data, shared by every module. Files and folders whose name starts with
// `_` are not modules: discovery skips them, so helpers like this one can live next to modules.
//
// The data hangs off `globalThis` (under a `Symbol.for` key) rather than a module-level
// variable: TypeScript modules are loaded through their own loader, and `--watch` reloads a
// changed module as a fresh copy, so module-level state would not be shared or would be lost.

/**
 * @typedef {{ sku: string, name: string, category: string, priceCents: number, stock: number, tags: string[] }} Product
 * @typedef {{ street: string, city: string, postalCode: string, country: string }} Address
 * @typedef {{ sku: string, quantity: number }} LineItem
 * @typedef {{ id: string, customer: { name: string, email: string, shippingAddress: Address },
 *   items: LineItem[], totalCents: number, status: 'placed' | 'refunded', placedAt: string }} Order
 * @typedef {{ products: Map<string, Product>, orders: Map<string, Order>,
 *   preferences: Map<string, string>, nextOrderNumber: number }} Shop
 */

/** @returns {Shop} */
function createShop() {
  /** @type {Product[]} */
  const products = [
    {
      sku: 'MUG-001',
      name: 'Stoneware mug',
      category: 'kitchen',
      priceCents: 1450,
      stock: 42,
      tags: ['ceramic'],
    },
    {
      sku: 'MUG-002',
      name: 'Travel mug',
      category: 'kitchen',
      priceCents: 2200,
      stock: 0,
      tags: ['steel'],
    },
    {
      sku: 'TEA-010',
      name: 'Sencha green tea, 100 g',
      category: 'pantry',
      priceCents: 990,
      stock: 120,
      tags: ['organic'],
    },
    {
      sku: 'TEA-011',
      name: 'Earl Grey, 250 g',
      category: 'pantry',
      priceCents: 1590,
      stock: 35,
      tags: [],
    },
    {
      sku: 'LMP-100',
      name: 'Desk lamp',
      category: 'home',
      priceCents: 4900,
      stock: 7,
      tags: ['led'],
    },
  ];
  return {
    products: new Map(products.map((product) => [product.sku, product])),
    orders: new Map(),
    preferences: new Map([['currency', 'EUR']]),
    nextOrderNumber: 1001,
  };
}

const KEY = Symbol.for('apcore-mcp.examples.shop');
const holder = /** @type {{ [KEY]?: Shop }} */ (/** @type {unknown} */ (globalThis));

holder[KEY] ??= createShop();

/** The shop's data (created on first use). */
export const shop = holder[KEY];

/** Under this many units a product is low on stock: an order that takes it there emits `stock.low`. */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * @param {number} cents
 * @returns {string} `14.50`
 */
export function formatPrice(cents) {
  return (cents / 100).toFixed(2);
}
