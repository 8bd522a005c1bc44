import { type AskOptions, ask, readKey } from './asking/ask.js';
import { formQuestion } from './asking/questions.js';
import { clientChannelOf } from './channel/client-channel-of.js';

/** Anything with a `data` bag: our `Context`, apcore-js's, or nothing at all. */
type ContextWithData = { readonly data?: unknown } | null | undefined;

/**
 * Tells the MCP client how far the current call has come (`notifications/progress`). Does
 * nothing, and never throws, when there is nobody to tell: a plain `executor.call()`, a client
 * that sent no `progressToken`, a closed connection. An MCP server sends only increasing
 * `progress` values: a value not above the last one sent is dropped.
 *
 * @example
 * ```ts
 * execute: async ({ files }, context) => {
 *   for (const [index, file] of files.entries()) {
 *     await convert(file);
 *     await reportProgress(context, index + 1, files.length, `Converted ${file}`);
 *   }
 *   return { converted: files.length };
 * },
 * ```
 */
export async function reportProgress(
  context: ContextWithData,
  progress: number,
  total?: number,
  message?: string,
): Promise<void> {
  const send = clientChannelOf(context)?.reportProgress;
  if (send === undefined) return;
  try {
    await send(progress, total, message);
  } catch {
    // Progress is advisory: failing to report it must never fail the call.
  }
}

/**
 * Asks the user of the MCP client to fill in a form (`elicitation/create`): `message` is shown,
 * `requestedSchema` (a flat object schema of primitive properties) describes the fields.
 * Resolves to the accepted content (`{}` for an empty form), or `null` when the user declined
 * or cancelled, the client cannot elicit, the request failed, or there is no MCP call at all.
 * `options.key` names the input (default `elicitation`); `required: true` fails the call when
 * the client cannot elicit. One question of {@link ask}: its rules on 2026-07-28 apply.
 *
 * @example
 * ```ts
 * const answer = await elicit(
 *   context,
 *   'What is your name?',
 *   { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
 *   { key: 'user_name' },
 * );
 * return `Hello, ${answer?.name ?? 'stranger'}!`;
 * ```
 */
export async function elicit(
  context: ContextWithData,
  message: string,
  requestedSchema?: Record<string, unknown>,
  options: AskOptions = {},
): Promise<Record<string, unknown> | null> {
  const key = readKey(options, 'elicitation');
  const answers = await ask(context, { [key]: formQuestion(message, requestedSchema, options) });
  return answers[key] ?? null;
}
