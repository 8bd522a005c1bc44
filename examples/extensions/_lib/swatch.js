// The swatch image of a product, drawn on demand: its category's colour, with a bar along the
// bottom as long as its stock is large (full at 50 or more).
import { encodePng } from './png.js';

/** @type {Record<string, [number, number, number]>} */
const CATEGORY_COLOURS = {
  kitchen: [52, 120, 198],
  pantry: [76, 160, 80],
  home: [230, 160, 40],
};
const BAR_COLOUR = /** @type {[number, number, number]} */ ([40, 40, 40]);
const SIZE = 32;
const BAR_HEIGHT = 4;

/**
 * @param {import('./shop.js').Product} product
 * @returns {Buffer} a 32x32 PNG
 */
export function drawSwatch(product) {
  const colour = CATEGORY_COLOURS[product.category] ?? [128, 128, 128];
  const barLength = Math.round((Math.min(product.stock, 50) / 50) * SIZE);
  return encodePng(SIZE, SIZE, (x, y) =>
    y >= SIZE - BAR_HEIGHT && x < barLength ? BAR_COLOUR : colour,
  );
}
