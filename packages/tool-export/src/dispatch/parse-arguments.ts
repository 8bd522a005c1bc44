/** A call's arguments as an object, or why they are not one. */
export type ParsedArguments = { inputs: Record<string, unknown> } | { problem: string };

/**
 * A call's arguments, given as an object (Anthropic's `input`, Gemini's `args`) or as JSON
 * text (OpenAI's `arguments`; an empty string counts as `{}`, as some models send for a tool
 * without parameters).
 */
export function parseArguments(value: unknown): ParsedArguments {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return { inputs: value as Record<string, unknown> };
  }
  if (typeof value !== 'string') return { problem: 'no arguments string was given' };
  if (value.trim() === '') return { inputs: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    return {
      problem: `they are not valid JSON (${error instanceof Error ? error.message : 'parse error'})`,
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const kind =
      parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`;
    return { problem: `expected a JSON object, got ${kind}` };
  }
  return { inputs: parsed as Record<string, unknown> };
}
