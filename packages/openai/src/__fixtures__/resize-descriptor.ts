import { createDescriptor } from './descriptor.js';

/** The input schema of {@link resize}: a default and an `x-*` keyword strict mode removes. */
export const resizeSchema = {
  type: 'object',
  properties: {
    width: { type: 'integer', description: 'Target width' },
    height: { type: 'integer', default: 100, 'x-ui': 'slider' },
  },
  required: ['width'],
};

/** `image.resize` with every annotation spelled out, as the tool-definition tests use it. */
export const resize = createDescriptor('image.resize', {
  description: 'Resize an image',
  inputSchema: resizeSchema,
  tags: ['image'],
  annotations: {
    readonly: false,
    destructive: false,
    idempotent: true,
    requiresApproval: false,
    openWorld: true,
    streaming: false,
  },
});
