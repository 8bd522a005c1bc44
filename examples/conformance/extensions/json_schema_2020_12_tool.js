import { defineModule } from '@apcore-mcp/core';

// json-schema-2020-12: the input schema is listed as written, 2020-12 keywords and all ($schema,
// $defs with an $anchor, $ref, allOf/anyOf, if/then/else, additionalProperties).
export default defineModule({
  description: 'Tool with JSON Schema 2020-12 features',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: {
      address: {
        $anchor: 'addressDef',
        type: 'object',
        properties: { street: { type: 'string' }, city: { type: 'string' } },
      },
    },
    properties: {
      name: { type: 'string' },
      address: { $ref: '#/$defs/address' },
      contactMethod: { type: 'string', enum: ['phone', 'email'] },
      phone: { type: 'string' },
      email: { type: 'string' },
    },
    allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
    if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keyword; the schema is never awaited.
    then: { required: ['phone'] },
    else: { required: ['email'] },
    additionalProperties: false,
  },
  execute: (inputs) => `Received ${JSON.stringify(inputs)}`,
});
