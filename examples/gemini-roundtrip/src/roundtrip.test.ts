import { describe, expect, it } from 'vitest';
import { checkResponses } from './roundtrip.js';

describe('the round trip self-check', () => {
  it('names every answer that is wrong, so the example fails loudly', () => {
    expect(
      checkResponses([
        {
          functionResponse: {
            id: 'fc_lookup',
            name: 'catalog-get_product',
            response: { output: {} },
          },
        },
        {
          functionResponse: {
            id: 'fc_order',
            name: 'orders-place_order',
            response: { error: 'Internal error occurred' },
          },
        },
      ]),
    ).toEqual([
      'answers out of order or missing: fc_lookup,fc_order',
      'fc_lookup got an unexpected answer: {"output":{}}',
      'fc_order got an unexpected answer: {"error":"Internal error occurred"}',
      'fc_bad_sku got an unexpected answer: undefined',
      'fc_card got an unexpected answer: undefined',
      'fc_unknown got an unexpected answer: undefined',
    ]);
  });
});
