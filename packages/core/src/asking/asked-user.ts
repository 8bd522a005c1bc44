import { isRecord } from '../is-record.js';

/**
 * The `context.data` key a server sets once a call has asked its user something (an
 * elicitation, a question of `ask`, an approval): such a call must never be run again
 * unasked, so a retrying middleware reads it and gives up. The data is shared by the whole
 * call tree, so a question of a nested call marks its callers too.
 *
 * @example
 * ```ts
 * if (context.data[ASKED_USER_KEY] === true) return null; // never repeat a question
 * ```
 */
export const ASKED_USER_KEY = '_apcore_asked_user';

/**
 * Marks the call whose `context.data` this is as one that asked its user something.
 *
 * @example
 * ```ts
 * markAskedUser(context.data);
 * ```
 */
export function markAskedUser(data: Record<string, unknown>): void {
  data[ASKED_USER_KEY] = true;
}

/**
 * Whether the call of `context` has asked its user something (see {@link ASKED_USER_KEY}).
 *
 * @example
 * ```ts
 * hasAskedUser(context); // false
 * ```
 */
export function hasAskedUser(context: { readonly data?: unknown } | null | undefined): boolean {
  const data = isRecord(context) ? context.data : undefined;
  return isRecord(data) && data[ASKED_USER_KEY] === true;
}
