/**
 * A Messages API response as Anthropic returns it when Claude decides to use tools
 * (`stop_reason: "tool_use"`): no network and no API key needed to replay it. Claude asked for
 * five tools at once: a lookup, an order, a lookup with a malformed SKU, a product card, and a
 * tool that does not exist.
 */
export const RECORDED_MESSAGE = {
  id: 'msg_01RecordedShopTurn',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [
    {
      type: 'text',
      text: "I'll look up the mug, place the order and fetch the tea's product card.",
    },
    {
      type: 'tool_use',
      id: 'toolu_lookup',
      name: 'catalog-get_product',
      input: { sku: 'MUG-001' },
    },
    {
      type: 'tool_use',
      id: 'toolu_order',
      name: 'orders-place_order',
      input: {
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
      },
    },
    { type: 'tool_use', id: 'toolu_bad_sku', name: 'catalog-get_product', input: { sku: 'mug 1' } },
    { type: 'tool_use', id: 'toolu_card', name: 'media-product_card', input: { sku: 'TEA-011' } },
    { type: 'tool_use', id: 'toolu_unknown', name: 'shop-launch_rockets', input: {} },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 1843, output_tokens: 312 },
} as const;
