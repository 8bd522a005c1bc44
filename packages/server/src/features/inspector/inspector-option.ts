import { InvalidOptionError } from '../../kernel/invalid-option-error.js';

/**
 * The object form of the `inspector` option.
 *
 * @example
 * ```ts
 * const options: InspectorOptions = { prefix: '/debug/inspector', allowExecute: true };
 * ```
 */
export interface InspectorOptions {
  /** Where the page is served: a path of its own, default `/inspector`. */
  prefix?: string;
  /**
   * Whether the page may call tools. Default `false`: it lists and reads everything the caller
   * may see, and the server refuses every `tools/call` it sends (`INSPECTOR_READ_ONLY`).
   */
  allowExecute?: boolean;
}

/**
 * Whether the HTTP transports serve the browser Tool Inspector: `true` (at `/inspector`, read
 * only), an {@link InspectorOptions}, or `false` (the default).
 *
 * @example
 * ```ts
 * await serve(registry, { transport: 'streamable-http', inspector: { allowExecute: true } });
 * ```
 */
export type InspectorOption = boolean | InspectorOptions;

/**
 * The `inspector` option once checked: `undefined` when the inspector is off.
 *
 * @example
 * ```ts
 * const resolved: ResolvedInspector = { prefix: '/inspector', allowExecute: false };
 * ```
 */
export interface ResolvedInspector {
  readonly prefix: string;
  readonly allowExecute: boolean;
}

/**
 * The default prefix of the inspector page.
 *
 * @example
 * ```ts
 * `http://127.0.0.1:8000${DEFAULT_INSPECTOR_PREFIX}/`; // where the page is
 * ```
 */
export const DEFAULT_INSPECTOR_PREFIX = '/inspector';

/** Paths the HTTP server answers itself: the inspector may not sit on or under them. */
const TAKEN_PATHS = ['/health', '/metrics', '/usage', '/sse', '/messages', '/.well-known'];
const PREFIX_PATTERN = /^(\/[A-Za-z0-9._~-]+)+$/;

/**
 * Checks an `inspector` option: `undefined` and `false` turn it off, `true` and an object on.
 *
 * @throws {InvalidOptionError} naming the option and what it accepts.
 * @example
 * ```ts
 * resolveInspector(true); // { prefix: '/inspector', allowExecute: false }
 * ```
 */
export function resolveInspector(value: unknown): ResolvedInspector | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { prefix: DEFAULT_INSPECTOR_PREFIX, allowExecute: false };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({
      option: 'inspector',
      value,
      expected: 'a boolean or { prefix, allowExecute }',
    });
  }
  const { prefix, allowExecute } = value as InspectorOptions;
  if (allowExecute !== undefined && typeof allowExecute !== 'boolean') {
    throw new InvalidOptionError({
      option: 'inspector.allowExecute',
      value: allowExecute,
      expected: 'a boolean',
    });
  }
  return { prefix: resolvePrefix(prefix), allowExecute: allowExecute === true };
}

function resolvePrefix(value: unknown): string {
  if (value === undefined) return DEFAULT_INSPECTOR_PREFIX;
  const expected = 'a path such as /inspector (letters, digits, . _ ~ -; no trailing slash)';
  if (typeof value !== 'string' || !PREFIX_PATTERN.test(value) || value.includes('/.')) {
    throw new InvalidOptionError({ option: 'inspector.prefix', value, expected });
  }
  const taken = TAKEN_PATHS.find((path) => value === path || value.startsWith(`${path}/`));
  if (taken !== undefined) {
    throw new InvalidOptionError({
      option: 'inspector.prefix',
      value,
      expected: `a path other than the server's own ${taken}`,
    });
  }
  return value;
}
