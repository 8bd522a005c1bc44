import type { PromptArguments, PromptDefinition } from '@apcore-mcp/core';

/**
 * The arguments of a `prompts/get` checked against what the prompt declares: every value a
 * string, every name declared, every required one given, `enum` ones among their values. The
 * reason otherwise, for a -32602 answer naming the argument.
 *
 * @example
 * ```ts
 * checkPromptArguments(prompt, { arg1: 'a' }); // { problem: 'Missing required argument arg2 of prompt p' }
 * ```
 */
export function checkPromptArguments(
  prompt: PromptDefinition,
  given: unknown,
): { args: PromptArguments } | { problem: string } {
  const of = `of prompt ${prompt.name}`;
  if (
    given !== undefined &&
    (typeof given !== 'object' || given === null || Array.isArray(given))
  ) {
    return { problem: `The arguments ${of} must be an object of strings` };
  }
  const entries = Object.entries((given ?? {}) as Record<string, unknown>);
  const declared = new Map(prompt.arguments.map((argument) => [argument.name, argument]));
  for (const [name, value] of entries) {
    const argument = declared.get(name);
    if (argument === undefined) {
      const known = [...declared.keys()];
      const takes = known.length === 0 ? 'it takes none' : `it takes ${known.join(', ')}`;
      return { problem: `Unknown argument ${name} ${of} (${takes})` };
    }
    if (typeof value !== 'string') {
      return { problem: `Argument ${name} ${of} must be a string, got ${describe(value)}` };
    }
    if (argument.enum !== undefined && !argument.enum.includes(value)) {
      return {
        problem: `Argument ${name} ${of} must be one of ${argument.enum.join(', ')}, got ${value}`,
      };
    }
  }
  const givenNames = new Set(entries.map(([name]) => name));
  const missing = prompt.arguments.find(
    (argument) => argument.required && !givenNames.has(argument.name),
  );
  if (missing !== undefined) return { problem: `Missing required argument ${missing.name} ${of}` };
  return { args: Object.fromEntries(entries) as PromptArguments };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}
