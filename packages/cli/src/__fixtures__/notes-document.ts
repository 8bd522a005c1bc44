/**
 * An OpenAPI document whose two operations become modules with no module files to import: one
 * has a `minLength`, which strict modes refuse, the other does not.
 */
export const NOTES_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1.0.0' },
  servers: [{ url: 'http://127.0.0.1:9/api' }],
  paths: {
    '/notes': {
      get: {
        operationId: 'list_notes',
        summary: 'List the notes',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: { '200': { description: 'The notes' } },
      },
      post: {
        operationId: 'add_note',
        summary: 'Add a note',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { text: { type: 'string', minLength: 1 } },
                required: ['text'],
              },
            },
          },
        },
        responses: { '201': { description: 'Added' } },
      },
    },
  },
};
