import { InvalidArgumentError } from '@apcore-mcp/tool-export';
import type {
  GeminiContent,
  GeminiFunctionCall,
  GeminiGenerateContentResponse,
  GeminiPart,
} from '../types.js';

/**
 * What {@link dispatchGeminiFunctionCalls} reads calls from: a `generateContent` response (its
 * first candidate), a `Content`, its parts, or the SDK response's `functionCalls` list.
 */
export type GeminiFunctionCallSource =
  | GeminiGenerateContentResponse
  | GeminiContent
  | readonly GeminiPart[]
  | readonly GeminiFunctionCall[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parts (or bare calls) a source holds. */
function entriesOf(source: unknown): readonly unknown[] {
  if (Array.isArray(source)) return source;
  if (isRecord(source)) {
    if (Array.isArray(source.candidates)) {
      const [first] = source.candidates as unknown[];
      const content = isRecord(first) ? first.content : undefined;
      return isRecord(content) && Array.isArray(content.parts) ? content.parts : [];
    }
    if (Array.isArray(source.parts)) return source.parts;
    if (Object.hasOwn(source, 'parts') || Object.hasOwn(source, 'role')) return [];
  }
  throw new InvalidArgumentError(
    'Expected a generateContent response, a Content, a list of parts or a list of function calls',
    { argument: 'source' },
  );
}

/**
 * The function calls of a source, in order: each part's `functionCall`, or a bare call (an
 * entry with a `name` and no `functionCall`, as the SDK's `response.functionCalls` lists them).
 * Text, thought and other parts are passed over.
 */
export function readFunctionCalls(source: unknown): GeminiFunctionCall[] {
  const calls: GeminiFunctionCall[] = [];
  for (const entry of entriesOf(source)) {
    if (!isRecord(entry)) continue;
    if (isRecord(entry.functionCall)) calls.push(entry.functionCall as GeminiFunctionCall);
    else if (Object.hasOwn(entry, 'name') && !Object.hasOwn(entry, 'functionCall')) {
      calls.push(entry as GeminiFunctionCall);
    }
  }
  return calls;
}
