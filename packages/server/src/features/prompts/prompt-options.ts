import type { PromptDefinition } from '@apcore-mcp/core';
import {
  type DefinitionList,
  type DefinitionSource,
  NO_DEFINITIONS,
  resolveDefinitionList,
} from '../../kernel/definition-list.js';
import { declareOption } from '../../kernel/option-declaration.js';

/**
 * The option of `serve()` that declares the prompts served beside the tools.
 *
 * @example
 * ```ts
 * await serve(registry, { prompts: [greet] });
 * ```
 */
export const PROMPT_OPTIONS = {
  /**
   * Prompts made by `definePrompt`: an array, or a function returning the current ones. Their
   * names must differ.
   */
  prompts: declareOption<DefinitionList<PromptDefinition>, DefinitionSource<PromptDefinition>>({
    expected: 'an array of definitions made by definePrompt, or a function returning one',
    defaultValue: NO_DEFINITIONS,
    resolve: (value) =>
      resolveDefinitionList(
        {
          option: 'prompts',
          kind: 'prompt',
          maker: 'definePrompt',
          key: { name: 'name', of: (prompt) => prompt.name },
        },
        value,
      ),
  }),
};
