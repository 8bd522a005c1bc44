/**
 * The subject of calls made without an identity (stdio without `identity`, HTTP without auth).
 * Limits and budgets still apply to it, as to one shared caller.
 *
 * @example
 * ```ts
 * if (call.subject === ANONYMOUS_SUBJECT) logger.warn('unauthenticated call');
 * ```
 */
export const ANONYMOUS_SUBJECT = '@anonymous';
