import { describeKind } from '../content/binary-data.js';
import type { ContentItem } from '../content/content-item.js';
import { isRecord } from '../is-record.js';
import { DefinitionResultError } from './definition-result-error.js';
import { type PromptContentInput, toPromptContent } from './prompt-content.js';

/**
 * One message of what a prompt's `get` returns: who says it and what.
 *
 * @example
 * ```ts
 * const message: PromptMessageInput = { role: 'user', content: 'Summarise this:' };
 * ```
 */
export interface PromptMessageInput {
  role: 'user' | 'assistant';
  content: PromptContentInput;
}

/**
 * What a prompt's `get` may return: its messages, or a string (one user message).
 *
 * @example
 * ```ts
 * const value: PromptGetValue = [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }];
 * ```
 */
export type PromptGetValue = string | readonly PromptMessageInput[];

/**
 * One message of `prompts/get`: a role and one content item.
 *
 * @example
 * ```ts
 * const message: PromptMessage = { role: 'user', content: { type: 'text', text: 'Hi' } };
 * ```
 */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentItem;
}

/**
 * A prompt's `get` result as the `messages` of `prompts/get`: a string is one user message; each
 * message's content goes through `toPromptContent` (a content holding several items gives
 * several messages of that role).
 *
 * @throws {DefinitionResultError} naming the prompt and the message: no messages, a role other
 * than `user` or `assistant`, content that is not content (an image whose data is not base64).
 * @example
 * ```ts
 * toPromptMessages('Hi', 'Prompt greet'); // [{ role: 'user', content: { type: 'text', text: 'Hi' } }]
 * ```
 */
export function toPromptMessages(value: unknown, label: string): PromptMessage[] {
  if (typeof value === 'string') return [{ role: 'user', content: { type: 'text', text: value } }];
  if (!Array.isArray(value) || value.length === 0) {
    throw new DefinitionResultError(
      label,
      `expected a string or a non-empty array of { role, content } messages, got ${describeKind(value)}`,
    );
  }
  return value.flatMap((message: unknown, index) => toMessages(message, label, index + 1));
}

function toMessages(message: unknown, label: string, position: number): PromptMessage[] {
  const fail = (reason: string): never => {
    throw new DefinitionResultError(label, `message ${position}: ${reason}`);
  };
  if (!isRecord(message)) return fail(`expected { role, content }, got ${describeKind(message)}`);
  const { role } = message;
  if (role !== 'user' && role !== 'assistant') {
    return fail(`role must be 'user' or 'assistant', got ${String(role)}`);
  }
  let items: ContentItem[];
  try {
    items = toPromptContent(message.content);
  } catch (error) {
    return fail((error as Error).message);
  }
  return items.map((content) => ({ role, content }));
}
