import { expect } from 'vitest';

/**
 * Matches an `InvalidOptionError` naming `option`, with exactly `message` when given:
 * `expect(() => resolve()).toThrow(invalidOption('port', 'Port must be ...'))`.
 *
 * @example
 * ```ts
 * await expect(startServer(registry, { port: -1 })).rejects.toThrow(invalidOption('port'));
 * ```
 */
export function invalidOption(option: string, message?: string): unknown {
  return expect.objectContaining({
    name: 'InvalidOptionError',
    code: 'INVALID_OPTION',
    option,
    ...(message === undefined ? {} : { message }),
  });
}
