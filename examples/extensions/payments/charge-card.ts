import { defineModule, ModuleError } from '@apcore-mcp/core';
import { formatPrice } from '../_lib/shop.js';

interface Inputs extends Record<string, unknown> {
  amountCents: number;
  cardToken: string;
}

/** Cards the sandbox declines, as a payment provider's test cards do. */
const DECLINED_CARDS = new Set(['tok_declined', 'tok_expired']);

let charges = 0;

export default defineModule<Inputs>({
  name: 'Charge card',
  description: 'Charge a card token through the payment sandbox.',
  tags: ['payments'],
  // mcp_ keys of annotations.extra reach the tool description ("category: payments"); the
  // others stay the author's own data.
  annotations: { openWorld: false, extra: { mcp_category: 'payments', ledger: 'sandbox' } },
  // The display overlay: how the tool is described to the model, guidance appended. (An
  // `alias` would rename the tool too; this one keeps the name its id gives, like the others.)
  metadata: {
    display: {
      mcp: {
        description: 'Charge a customer card once, in cents of the shop currency.',
        guidance: 'Confirm the amount with the user first; never charge the same order twice.',
      },
    },
  },
  inputSchema: {
    type: 'object',
    properties: {
      amountCents: {
        type: 'integer',
        minimum: 1,
        description: 'Amount in cents',
        // What a model reads in OpenAI strict mode, instead of the description above.
        'x-llm-description': 'The amount to charge in cents: 1250 charges 12.50. Never a float.',
      },
      cardToken: { type: 'string', description: 'A card token from the checkout page' },
    },
    required: ['amountCents', 'cardToken'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      chargeId: { type: 'string' },
      amount: { type: 'string' },
      // Results are redacted before they leave the server: clients see ***REDACTED***.
      authorizationCode: { type: 'string', 'x-sensitive': true },
    },
    required: ['chargeId', 'amount', 'authorizationCode'],
  },
  execute: ({ amountCents, cardToken }) => {
    if (DECLINED_CARDS.has(cardToken)) {
      // A guided error: the agent learns not to retry, and that the user can fix it.
      throw new ModuleError({
        code: 'PAYMENT_DECLINED',
        message: 'The card was declined',
        retryable: false,
        userFixable: true,
        aiGuidance: 'The card was declined. Do not retry with the same card.',
        suggestion: 'Ask the user for another card.',
      });
    }
    charges += 1;
    return {
      chargeId: `ch_${charges}`,
      amount: formatPrice(amountCents),
      authorizationCode: `AUTH-${(amountCents * 7919).toString(36).toUpperCase()}`,
    };
  },
});
