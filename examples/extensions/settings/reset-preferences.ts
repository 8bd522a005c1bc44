import { defineModule, elicit } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

const DEFAULTS: ReadonlyMap<string, string> = new Map([['currency', 'EUR']]);

export default defineModule({
  name: 'Reset preferences',
  description:
    'Reset every shop preference to its default, after asking the user to confirm the list of changes.',
  tags: ['settings'],
  annotations: { destructive: true, idempotent: true, openWorld: false },
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  execute: async (_inputs, context) => {
    // On MCP 2026-07-28 this runs again once the user answers, and `elicit()` then returns the
    // answer: everything before it only reads, so running it twice changes nothing.
    const changes = [...shop.preferences.entries()].filter(
      ([key, value]) => DEFAULTS.get(key) !== value,
    );
    if (changes.length === 0) return { reset: [], confirmed: false };
    const list = changes.map(([key, value]) => `${key} (${value})`).join(', ');
    // `null` when the user says no, or when nobody can be asked (a client without elicitation,
    // a plain executor call): resetting needs a yes.
    const answer = await elicit(context, `Reset ${list} to the defaults?`, {
      type: 'object',
      properties: { confirm: { type: 'boolean', title: 'Reset these preferences' } },
      required: ['confirm'],
    });
    if (answer?.confirm !== true) return { reset: [], confirmed: false };
    shop.preferences.clear();
    for (const [key, value] of DEFAULTS) shop.preferences.set(key, value);
    return { reset: changes.map(([key]) => key), confirmed: true };
  },
});
