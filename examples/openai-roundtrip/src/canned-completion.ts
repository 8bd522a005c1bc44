/**
 * A Chat Completions response as OpenAI returns it when the model decides to call tools: no
 * network and no API key needed to replay it. The model asked for four calls at once: a
 * lookup, an order, a lookup with a malformed SKU, and a tool that does not exist.
 */
export const CANNED_COMPLETION = {
  id: 'chatcmpl-canned-0001',
  object: 'chat.completion',
  created: 1_735_689_600,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_lookup',
            type: 'function',
            function: { name: 'catalog-get_product', arguments: '{"sku":"MUG-001"}' },
          },
          {
            id: 'call_order',
            type: 'function',
            function: {
              name: 'orders-place_order',
              arguments: JSON.stringify({
                customer: {
                  name: 'Grace Hopper',
                  email: 'grace@example.com',
                  shippingAddress: {
                    street: '1 Navy Way',
                    city: 'Arlington',
                    postalCode: '22201',
                    country: 'US',
                  },
                },
                items: [
                  { sku: 'TEA-010', quantity: 2 },
                  { sku: 'MUG-001', quantity: 1 },
                ],
              }),
            },
          },
          {
            id: 'call_bad_sku',
            type: 'function',
            function: { name: 'catalog-get_product', arguments: '{"sku":"mug 1"}' },
          },
          {
            id: 'call_card',
            type: 'function',
            function: { name: 'media-product_card', arguments: '{"sku":"TEA-011"}' },
          },
          {
            id: 'call_unknown',
            type: 'function',
            function: { name: 'shop-launch_rockets', arguments: '{}' },
          },
        ],
      },
    },
  ],
} as const;
