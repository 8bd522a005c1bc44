import { ApcoreMcpError } from '@apcore-mcp/core';
import { describeValue } from './describe-value.js';

const MARKER = Symbol.for('apcore-mcp.error.InvalidOptionError');

/**
 * A piece of an {@link InvalidOptionError}'s sentence: plain text, or an option named by its
 * path (`port`, `auth.audience`), which each reader names its own way (a CLI names the flag).
 *
 * @example
 * ```ts
 * const sentence: OptionSentence = [{ option: 'usage' }, ' needs ', { option: 'transport' }, ' sse'];
 * ```
 */
export type OptionSentence = readonly (string | { readonly option: string })[];

/**
 * What an {@link InvalidOptionError} is built from.
 *
 * @example
 * ```ts
 * const init: InvalidOptionErrorInit = { option: 'maxSessions', value: 0, expected: 'an integer of at least 1' };
 * ```
 */
export interface InvalidOptionErrorInit {
  /** The option's path: `port`, or `auth.secret` inside an object option. */
  option: string;
  /** The value refused (a secret's is never kept: pass a placeholder instead). */
  value: unknown;
  /** What the option accepts, in words: `an integer of at least 1`. */
  expected: string;
  /** The message, options marked; default: `<option> must be <expected>, got <value>`. */
  sentence?: OptionSentence;
  cause?: unknown;
}

/**
 * An option of `serve()`, `startServer()`, `createMcpHandler()` or `attachToServer()` was
 * refused, before anything started: a value of the wrong type or out of range, an unknown option,
 * or options that do not go together (`metricsPort` with an HTTP transport). It names the
 * `option` (a path such as `auth.audience`), the `value` given and what was `expected`; the
 * message is one sentence, and {@link InvalidOptionError.formatMessage} words it with other
 * names for the options (the CLI names its flags). An {@link ApcoreMcpError} with code
 * `INVALID_OPTION`.
 *
 * @example
 * ```ts
 * try {
 *   await serve(registry, { transport: 'streamable-http', port: 70000 });
 * } catch (error) {
 *   if (InvalidOptionError.isInstance(error)) console.error(error.option, error.expected);
 * }
 * ```
 */
export class InvalidOptionError extends ApcoreMcpError {
  declare readonly code: 'INVALID_OPTION';
  declare readonly details: { option: string; value: unknown; expected: string };
  /** The refused option's path. */
  readonly option: string;
  /** The refused value. */
  readonly value: unknown;
  /** What the option accepts. */
  readonly expected: string;
  /** The message, with the options it names marked. */
  readonly sentence: OptionSentence;

  constructor(init: InvalidOptionErrorInit) {
    const sentence = init.sentence ?? [
      { option: init.option },
      ` must be ${init.expected}, got ${describeValue(init.value)}`,
    ];
    super({
      code: 'INVALID_OPTION',
      message: joinSentence(sentence, (option) => option),
      details: { option: init.option, value: init.value, expected: init.expected },
      cause: init.cause,
    });
    this.name = 'InvalidOptionError';
    Object.defineProperty(this, MARKER, { value: true });
    this.option = init.option;
    this.value = init.value;
    this.expected = init.expected;
    this.sentence = sentence;
  }

  /**
   * The message with each option named by `nameOf` (the message itself uses the paths).
   *
   * @example
   * ```ts
   * error.formatMessage((option) => (option === 'metricsPort' ? '--metrics-port' : option));
   * ```
   */
  formatMessage(nameOf: (option: string) => string): string {
    return joinSentence(this.sentence, nameOf);
  }

  /**
   * Whether `value` is an {@link InvalidOptionError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * InvalidOptionError.isInstance(new RangeError('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is InvalidOptionError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}

/**
 * A sentence as text, each option named by `nameOf`.
 *
 * @example
 * ```ts
 * joinSentence([{ option: 'store' }, ' is missing'], (option) => `--${option}`); // '--store is missing'
 * ```
 */
export function joinSentence(sentence: OptionSentence, nameOf: (option: string) => string): string {
  return sentence.map((part) => (typeof part === 'string' ? part : nameOf(part.option))).join('');
}
