/**
 * Something a server was given but does not serve, and why: a module whose schemas or tool are
 * invalid, or a resource, resource template, prompt or event type that breaks its schema.
 *
 * @example
 * ```ts
 * const entry: NotServedEntry = {
 *   kind: 'module',
 *   name: 'orders.place',
 *   file: '/app/extensions/orders/place.ts',
 *   reason: 'its input schema is not valid JSON Schema: /required: must be array (got "x")',
 * };
 * ```
 */
export interface NotServedEntry {
  readonly kind: 'module' | 'resource' | 'resourceTemplate' | 'prompt' | 'eventType';
  /** The module id, the resource's URI, the template, or the prompt's or event type's name. */
  readonly name: string;
  readonly reason: string;
  /** The file it was loaded from, when known. */
  readonly file?: string;
}

/**
 * A module the tool builder left out, as a {@link NotServedEntry}.
 *
 * @example
 * ```ts
 * moduleNotServed({ moduleId: 'a.b', reason: 'its input schema ...' }).kind; // 'module'
 * ```
 */
export function moduleNotServed(skipped: {
  moduleId: string;
  reason: string;
  file?: string | undefined;
}): NotServedEntry {
  const { moduleId, reason, file } = skipped;
  return { kind: 'module', name: moduleId, reason, ...(file === undefined ? {} : { file }) };
}
