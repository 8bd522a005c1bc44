/** One RFC 6570 expression: `{id}`, `{+path}`, `{?q,lang}`, `{list*}`, `{name:3}`. */
const EXPRESSION = /\{([+#./;?&]?)([^{}]*)\}/g;
const VARIABLE_NAME = /^[A-Za-z0-9_.%]+$/;

/**
 * The variable names of an RFC 6570 URI template, in order, or the reason it is not one: no
 * expression at all, an unbalanced brace, an empty or malformed name.
 *
 * @example
 * ```ts
 * readTemplateVariables('test://template/{id}/data'); // { names: ['id'] }
 * readTemplateVariables('test://{'); // { problem: 'has an unbalanced { or }' }
 * ```
 */
export function readTemplateVariables(template: string): { names: string[] } | { problem: string } {
  const names: string[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    for (const raw of (match[2] ?? '').split(',')) {
      const name = raw.trim().replace(/(\*|:\d+)$/, '');
      if (!VARIABLE_NAME.test(name)) {
        return { problem: `has a malformed variable name in ${match[0]}` };
      }
      names.push(name);
    }
  }
  if (/[{}]/.test(template.replace(EXPRESSION, ''))) return { problem: 'has an unbalanced { or }' };
  if (names.length === 0) return { problem: 'has no {variable}: declare it with defineResource' };
  return { names };
}
