import type { PromptCatalog } from '../prompts/prompt-catalog.js';
import type { DefinedResources } from '../resources/defined-resources.js';
import type { CompletionSource } from './complete-values.js';

/**
 * What a `completion/complete` request refers to: a prompt by name or a resource template by
 * its URI template.
 *
 * @example
 * ```ts
 * const ref: CompletionRef = { type: 'ref/prompt', name: 'code_review' };
 * ```
 */
export type CompletionRef =
  | { type: 'ref/prompt'; name: string }
  | { type: 'ref/resource'; uri: string };

/**
 * The argument or template variable a completion is for, or why there is none: an unknown
 * prompt or template, an argument the prompt does not take, a variable the template does not
 * have. A resource at a fixed URI has nothing to complete (no values, no error).
 *
 * @example
 * ```ts
 * findCompletionSource({ type: 'ref/prompt', name: 'p' }, 'lang', catalogs);
 * ```
 */
export function findCompletionSource(
  ref: CompletionRef,
  argumentName: string,
  catalogs: { prompts: PromptCatalog; resources: DefinedResources },
): CompletionSource | { problem: string } {
  if (ref.type === 'ref/prompt') {
    const prompt = catalogs.prompts.find(ref.name);
    if (prompt === undefined) return { problem: `Unknown prompt: ${ref.name}` };
    const argument = prompt.arguments.find((candidate) => candidate.name === argumentName);
    if (argument === undefined) {
      const takes = prompt.arguments.map(({ name }) => name).join(', ') || 'none';
      return {
        problem: `Unknown argument ${argumentName} of prompt ${ref.name} (it takes ${takes})`,
      };
    }
    return { label: `argument ${argumentName} of prompt ${ref.name}`, ...argument };
  }
  const template = catalogs.resources.template(ref.uri);
  if (template === undefined) {
    const fixed = catalogs.resources.match(ref.uri);
    if (fixed !== undefined && 'resource' in fixed) return { label: `resource ${ref.uri}` };
    return { problem: `Unknown resource template: ${ref.uri}` };
  }
  if (!template.variableNames.includes(argumentName)) {
    const has = template.variableNames.join(', ');
    return {
      problem: `Unknown variable ${argumentName} of resource template ${ref.uri} (it has ${has})`,
    };
  }
  return {
    label: `variable ${argumentName} of resource template ${ref.uri}`,
    complete: template.complete[argumentName],
  };
}
