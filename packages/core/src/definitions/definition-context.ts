import type { Identity } from '../contract.js';

/**
 * What a definition's functions (`read`, `get`, `complete`) see of the request they answer:
 * who asks (`null` without authentication), a signal that aborts when the client cancels or
 * goes away, and (for `read` and `get`) what lets them ask the client and log.
 *
 * @example
 * ```ts
 * read: async (context: DefinitionContext) => (await fetch(url, { signal: context.signal })).text(),
 * ```
 */
export interface DefinitionContext {
  /** The authenticated caller, if any. Definitions have no ACL: decide here if you must. */
  readonly identity: Identity | null;
  /** Aborts when the request is cancelled or its client disconnects. */
  readonly signal: AbortSignal;
  /**
   * What the server lends the request, read by the same helpers modules use: `ask()`,
   * `elicit()`, `sample()`, `listRoots()` (a prompt's `get` and a resource's `read` may ask
   * the client) and `log()`. Absent when the definition is called outside a server.
   */
  readonly data?: Readonly<Record<string, unknown>>;
}

/**
 * What a resource's `read` sees: the {@link DefinitionContext} and the URI being read.
 *
 * @example
 * ```ts
 * read: ({ uri }: ResourceReadContext) => `You read ${uri}`,
 * ```
 */
export interface ResourceReadContext extends DefinitionContext {
  readonly uri: string;
}

/**
 * What a `complete` function sees: the {@link DefinitionContext} and the values the client
 * already chose for the other arguments (or template parameters).
 *
 * @example
 * ```ts
 * complete: (value, { arguments: chosen }: CompletionContext) => citiesOf(chosen.country, value),
 * ```
 */
export interface CompletionContext extends DefinitionContext {
  readonly arguments: Readonly<Record<string, string>>;
}
