/** What the form of a resource template asks: each variable, and which must be filled. */
export interface TemplateVariables {
  readonly names: readonly string[];
  /** The variables of path and simple expressions; a query's (`{?period}`) may stay empty. */
  readonly required: readonly string[];
}

const QUERY_EXPRESSION = /\{[?&]([^}]*)\}/g;

/**
 * Sorts a template's variables into those the URI needs and those of its query expressions
 * (`{?period}`, `{&page}`), which RFC 6570 leaves out when they have no value.
 *
 * @example
 * ```ts
 * templateVariables('apcore://system.usage.module/{module_id}{?period}', ['module_id', 'period']);
 * // { names: ['module_id', 'period'], required: ['module_id'] }
 * ```
 */
export function templateVariables(
  uriTemplate: string,
  names: readonly string[],
): TemplateVariables {
  const optional = new Set<string>();
  for (const [, list] of uriTemplate.matchAll(QUERY_EXPRESSION)) {
    for (const variable of (list ?? '').split(','))
      optional.add(variable.replace(/[*]|:\d+$/g, '').trim());
  }
  return { names, required: names.filter((name) => !optional.has(name)) };
}

/**
 * The form's values to expand the template with: an optional variable left empty is left out
 * (so `{?period}` adds nothing), never sent as an empty string.
 *
 * @example
 * ```ts
 * filledValues({ module_id: 'a', period: '' }); // { module_id: 'a' }
 * ```
 */
export function filledValues(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => typeof value === 'string' && value !== '')
      .map(([name, value]) => [name, value as string]),
  );
}
