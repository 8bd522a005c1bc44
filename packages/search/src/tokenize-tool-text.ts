/**
 * Splits `catalog.get_product`, `get-product`, `customerId` and prose into words (the index
 * then lower-cases them), for documents and queries alike, so `product` finds `get_product` and
 * `customer` finds `customerId`.
 *
 * @example
 * ```ts
 * tokenizeToolText('catalog.get_product customerId'); // ['catalog', 'get', 'product', 'customer', 'Id']
 * ```
 */
export function tokenizeToolText(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}
