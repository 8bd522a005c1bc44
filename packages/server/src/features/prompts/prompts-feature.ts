import { defineServerFeature } from '../../feature-api/server-feature.js';
import { PROMPT_OPTIONS } from './prompt-options.js';

/**
 * The prompts declared with `definePrompt` (the `prompts` option): `prompts/list` and
 * `prompts/get` (a prompt may ask the client), their arguments completed, and a change of a
 * live list announced on `definitionsChanged()`. A prompt that breaks its MCP schema is left
 * out, told once at start.
 *
 * @example
 * ```ts
 * const features = [PROMPTS_FEATURE];
 * ```
 */
export const PROMPTS_FEATURE = defineServerFeature({
  name: 'prompts',
  options: PROMPT_OPTIONS,
  // Loaded when it opens: the option table never needs its code.
  open: async ({ prompts }, { logger }, { changes }) =>
    (await import('./open-prompts.js')).openPrompts(prompts, logger, changes),
});
