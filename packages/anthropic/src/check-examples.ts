import type { JsonSchema } from '@apcore-mcp/core';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks input examples against the top level of a tool's schema, as far as a converter
 * without a validator can: each is an object, holds every `required` property and, when the
 * schema is closed, no undeclared one. (The API refuses a request whose examples do not fit
 * the schema; deeper mismatches are the module author's to keep out of the examples.)
 */
export function checkExamples(
  schema: JsonSchema,
  examples: readonly unknown[],
  report: (path: string, problem: string) => void,
): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const closed = schema.additionalProperties === false;
  examples.forEach((example, index) => {
    const which = `input example ${index + 1}`;
    if (!isObject(example)) {
      report('', `${which} is not an object`);
      return;
    }
    const missing = required.filter(
      (name): name is string => typeof name === 'string' && !Object.hasOwn(example, name),
    );
    if (missing.length > 0) report('', `${which} lacks the required ${missing.join(', ')}`);
    const undeclared = closed
      ? Object.keys(example).filter((key) => !Object.hasOwn(properties, key))
      : [];
    if (undeclared.length > 0) {
      report('', `${which} has properties the schema does not declare: ${undeclared.join(', ')}`);
    }
  });
}
