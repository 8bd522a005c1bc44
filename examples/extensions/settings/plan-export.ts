import { ask, defineModule, formQuestion, rootsQuestion, samplingQuestion } from '@apcore-mcp/core';
import { shop } from '../_lib/shop.js';

export default defineModule({
  name: 'Plan a preferences export',
  description:
    "Plan an export of the shop preferences: asks the user for the format, the client's model for a one-line summary and the client for its folders, all at once. Writes nothing.",
  tags: ['settings'],
  annotations: { readonly: true, idempotent: true, openWorld: false },
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  execute: async (_inputs, context) => {
    const preferences = Object.fromEntries(shop.preferences);
    // Three questions, one round: the keys name each answer (and, on MCP 2026-07-28, each entry
    // of the `input_required` result). A client without sampling or roots gets no such question
    // and the answer is null; sampling and roots are deprecated by 2026-07-28.
    const { format, summary, folders } = await ask(context, {
      format: formQuestion('Export the preferences as?', {
        type: 'object',
        properties: { format: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
        required: ['format'],
      }),
      summary: samplingQuestion({
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Summarise these shop preferences in one line: ${JSON.stringify(preferences)}`,
            },
          },
        ],
        maxTokens: 60,
      }),
      folders: rootsQuestion(),
    });
    if (format === null) return { planned: false };
    const extension = format.format === 'csv' ? 'csv' : 'json';
    const folder = folders?.[0]?.uri ?? null;
    const content =
      summary === null || Array.isArray(summary.content) ? undefined : summary.content;
    return {
      planned: true,
      file: folder === null ? null : `${folder.replace(/\/$/, '')}/preferences.${extension}`,
      format: extension,
      summary: content?.type === 'text' ? String(content.text) : null,
      preferences,
    };
  },
});
