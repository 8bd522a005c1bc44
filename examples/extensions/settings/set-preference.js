import { defineModule } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

const ALLOWED = {
  currency: ['EUR', 'USD', 'GBP'],
  language: ['en', 'de', 'fr'],
  theme: ['light', 'dark'],
};

export default defineModule({
  name: 'Set preference',
  description: 'Set one shop preference (currency, language or theme) to a value.',
  tags: ['settings'],
  // Setting a value twice leaves the same state as once: idempotent.
  annotations: { idempotent: true, openWorld: false },
  inputSchema: {
    type: 'object',
    properties: {
      key: { type: 'string', enum: Object.keys(ALLOWED) },
      value: {
        type: 'string',
        description: 'currency: EUR USD GBP; language: en de fr; theme: light dark',
      },
    },
    required: ['key', 'value'],
    additionalProperties: false,
  },
  execute: ({ key, value }) => {
    const allowed = ALLOWED[/** @type {keyof typeof ALLOWED} */ (key)];
    if (!allowed.includes(String(value))) {
      return { changed: false, message: `${key} must be one of ${allowed.join(', ')}` };
    }
    const previous = shop.preferences.get(String(key)) ?? null;
    shop.preferences.set(String(key), String(value));
    return { changed: previous !== value, key, value, previous };
  },
});
