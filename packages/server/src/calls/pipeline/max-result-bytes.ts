// Apart from the step that applies it: the option table reads the default without loading the
// step's error results.

/**
 * The default `maxResultBytes`: 1 MiB.
 *
 * @example
 * ```ts
 * await serve(registry, { maxResultBytes: DEFAULT_MAX_RESULT_BYTES * 4 });
 * ```
 */
export const DEFAULT_MAX_RESULT_BYTES = 1_048_576;
