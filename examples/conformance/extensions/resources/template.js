import { defineResourceTemplate } from '@apcore-mcp/core';

// resources-templates-read: the template's variables arrive as `params`.
export default defineResourceTemplate({
  uriTemplate: 'test://template/{id}/data',
  name: 'template',
  title: 'Resource Template',
  description: 'A resource template with parameter substitution',
  mimeType: 'application/json',
  read: ({ id }) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
});
