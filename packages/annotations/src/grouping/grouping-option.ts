/**
 * How modules are folded into tools:
 * - `'none'` (default): one tool per module;
 * - `'namespace'`: the modules sharing every id segment but the last (`orders.place_order`,
 *   `orders.cancel_order` -> `orders`) become one tool with an `action` field;
 * - `'auto'`: `'namespace'` only when there are more modules than `maxTools`, else `'none'`;
 * - `'tag'`: the modules sharing their first tag (an OpenAPI document's operations by their
 *   tag, say) become one tool named after it; a module without tags stays on its own;
 * - a function naming the group of a module id (`undefined` leaves the module on its own).
 *
 * @example
 * ```ts
 * const grouping: GroupingOption = (moduleId) => moduleId.split('.')[0];
 * ```
 */
export type GroupingOption = GroupingMode | ((moduleId: string) => string | undefined);

/**
 * The named grouping modes.
 *
 * @example
 * ```ts
 * const mode: GroupingMode = 'namespace';
 * ```
 */
export type GroupingMode = 'none' | 'namespace' | 'auto' | 'tag';

/**
 * The grouping modes, default first.
 *
 * @example
 * ```ts
 * GROUPING_MODES.includes('auto'); // true
 * ```
 */
export const GROUPING_MODES: readonly GroupingMode[] = Object.freeze([
  'none',
  'namespace',
  'auto',
  'tag',
]);

/**
 * How many tools a server may list before `grouping: 'auto'` folds namespaces (40: Cursor takes
 * about 40-80 tools, VS Code 128 per request).
 *
 * @example
 * ```ts
 * const maxTools = options.maxTools ?? DEFAULT_MAX_TOOLS;
 * ```
 */
export const DEFAULT_MAX_TOOLS = 40;

/**
 * Reads a grouping option given by a user (any case: `'Namespace'` is `'namespace'`).
 *
 * @throws {TypeError} naming the accepted values when `value` is neither a mode nor a function.
 * @example
 * ```ts
 * parseGroupingOption('AUTO'); // 'auto'
 * parseGroupingOption(undefined); // 'none'
 * ```
 */
export function parseGroupingOption(value: unknown): GroupingOption {
  if (value === undefined) return 'none';
  if (typeof value === 'function') return value as (moduleId: string) => string | undefined;
  const mode = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (mode !== undefined && (GROUPING_MODES as readonly string[]).includes(mode)) {
    return mode as GroupingMode;
  }
  throw new TypeError(
    `grouping must be one of ${GROUPING_MODES.join(', ')} or a function, got ${JSON.stringify(value)}`,
  );
}

/**
 * Reads a `maxTools` option: a whole number of at least 1.
 *
 * @throws {TypeError} when `value` is not a positive integer.
 * @example
 * ```ts
 * parseMaxTools(undefined); // 40
 * ```
 */
export function parseMaxTools(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_TOOLS;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  throw new TypeError(
    `maxTools must be a whole number of at least 1, got ${JSON.stringify(value)}`,
  );
}
