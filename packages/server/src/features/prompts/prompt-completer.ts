import type { CompletionSource } from '../../completions/complete-values.js';
import type { PromptCatalog } from './prompt-catalog.js';

/**
 * Where the values of a prompt's argument come from (its `enum` or `complete`), for
 * `completion/complete`'s `ref/prompt`; an unknown prompt or argument is a problem naming it.
 *
 * @example
 * ```ts
 * promptCompletion(prompts, 'greet', 'language'); // { label: 'argument language of prompt greet', enum }
 * ```
 */
export function promptCompletion(
  prompts: PromptCatalog,
  name: string,
  argumentName: string,
): CompletionSource | { problem: string } {
  const prompt = prompts.find(name);
  if (prompt === undefined) return { problem: `Unknown prompt: ${name}` };
  const argument = prompt.arguments.find((candidate) => candidate.name === argumentName);
  if (argument === undefined) {
    const takes = prompt.arguments.map(({ name }) => name).join(', ') || 'none';
    return { problem: `Unknown argument ${argumentName} of prompt ${name} (it takes ${takes})` };
  }
  return { label: `argument ${argumentName} of prompt ${name}`, ...argument };
}
