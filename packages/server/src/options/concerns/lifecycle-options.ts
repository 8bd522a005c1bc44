// When the server starts and stops, and what it runs then.
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { booleanOption, functionOption } from '../../kernel/primitive-options.js';

/**
 * The default `shutdownGraceMs`: 5 seconds.
 *
 * @example
 * ```ts
 * await serve(registry, { shutdownGraceMs: DEFAULT_SHUTDOWN_GRACE_MS * 2 });
 * ```
 */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5000;

type Hook = () => void | Promise<void>;

/**
 * The lifecycle options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * LIFECYCLE_OPTIONS.shutdownGraceMs.defaultValue; // 5000
 * ```
 */
export const LIFECYCLE_OPTIONS = {
  /** Runs once the server accepts connections. */
  onStartup: functionOption<Hook>(),
  /** Runs once the server has shut down, before `serve()` resolves. */
  onShutdown: functionOption<Hook>(),
  /** How long shutdown waits for in-flight calls, in ms; default 5000. */
  shutdownGraceMs: declareOption<number, number>({
    expected: 'a number of milliseconds, at least 0',
    defaultValue: DEFAULT_SHUTDOWN_GRACE_MS,
    resolve: resolveShutdownGrace,
  }),
  /** Shut down on SIGINT/SIGTERM; default true for `serve()`, false for `startServer()`. */
  handleSignals: booleanOption({
    defaultValue: true,
    defaultFor: (entry) => entry.handleSignals,
  }),
};

function resolveShutdownGrace(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    const expected = 'a number of milliseconds';
    throw new InvalidOptionError({ option: 'shutdownGraceMs', value, expected });
  }
  if (value < 0) {
    const sentence = [{ option: 'shutdownGraceMs' }, ` must not be negative, got ${value}`];
    const expected = 'at least 0';
    throw new InvalidOptionError({ option: 'shutdownGraceMs', value, expected, sentence });
  }
  return value;
}
