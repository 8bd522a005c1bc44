import { describe, expect, it } from 'vitest';
import { tokenizeToolText } from './tokenize-tool-text.js';

describe('tokenizeToolText', () => {
  it('splits ids, names and camelCase properties into words', () => {
    expect(tokenizeToolText('catalog.get_product')).toEqual(['catalog', 'get', 'product']);
    expect(tokenizeToolText('orders-cancel_order customerId')).toEqual([
      'orders',
      'cancel',
      'order',
      'customer',
      'Id',
    ]);
    expect(tokenizeToolText('  Résumé, 2 pages!')).toEqual(['Résumé', '2', 'pages']);
  });
});
