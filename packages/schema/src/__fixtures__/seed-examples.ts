/**
 * The three schema transformation examples of the apcore-mcp technical design (§8.3), copied
 * verbatim: each apcore `input_schema` and the MCP `inputSchema` it must become.
 */

/** Example 1: simple schema (no $ref) — no transformation needed. */
export const simpleSchemaInput = {
  type: 'object',
  title: 'ImageResizeInput',
  properties: {
    width: { type: 'integer', description: 'Target width in pixels' },
    height: { type: 'integer', description: 'Target height in pixels' },
    format: { type: 'string', default: 'png', enum: ['png', 'jpg', 'webp'] },
  },
  required: ['width', 'height'],
};

export const simpleSchemaOutput = {
  type: 'object',
  title: 'ImageResizeInput',
  properties: {
    width: { type: 'integer', description: 'Target width in pixels' },
    height: { type: 'integer', description: 'Target height in pixels' },
    format: { type: 'string', default: 'png', enum: ['png', 'jpg', 'webp'] },
  },
  required: ['width', 'height'],
};

/** Example 2: nested schema with $defs/$ref — `$defs` removed, `$ref` replaced. */
export const nestedSchemaInput = {
  type: 'object',
  title: 'WorkflowInput',
  properties: {
    workflow_name: { type: 'string' },
    parameters: { $ref: '#/$defs/WorkflowParams' },
  },
  required: ['workflow_name', 'parameters'],
  $defs: {
    WorkflowParams: {
      type: 'object',
      properties: {
        seed: { type: 'integer', default: 42 },
        steps: { type: 'integer', default: 20 },
      },
    },
  },
};

export const nestedSchemaOutput = {
  type: 'object',
  title: 'WorkflowInput',
  properties: {
    workflow_name: { type: 'string' },
    parameters: {
      type: 'object',
      properties: {
        seed: { type: 'integer', default: 42 },
        steps: { type: 'integer', default: 20 },
      },
    },
  },
  required: ['workflow_name', 'parameters'],
};

/** Example 3: empty input_schema — clients always receive a valid object schema. */
export const emptySchemaInput = {};

export const emptySchemaOutput = {
  type: 'object',
  properties: {},
};
