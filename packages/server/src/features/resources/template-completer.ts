import type { CompletionSource } from '../../completions/complete-values.js';
import type { DefinedResources } from './defined-resources.js';

/**
 * Where the values of a resource template's variable come from (its `complete`), for
 * `completion/complete`'s `ref/resource`; a defined resource of that URI has none to suggest;
 * an unknown template or variable is a problem naming it.
 *
 * @example
 * ```ts
 * templateCompletion(defined, 'orders://{id}', 'id'); // { label: 'variable id of ...', complete }
 * ```
 */
export function templateCompletion(
  defined: DefinedResources,
  uri: string,
  variable: string,
): CompletionSource | { problem: string } {
  const template = defined.template(uri);
  if (template === undefined) {
    const fixed = defined.match(uri);
    if (fixed !== undefined && 'resource' in fixed) return { label: `resource ${uri}` };
    return { problem: `Unknown resource template: ${uri}` };
  }
  if (!template.variableNames.includes(variable)) {
    const has = template.variableNames.join(', ');
    return {
      problem: `Unknown variable ${variable} of resource template ${uri} (it has ${has})`,
    };
  }
  return {
    label: `variable ${variable} of resource template ${uri}`,
    complete: template.complete[variable],
  };
}
