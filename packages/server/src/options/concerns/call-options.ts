// How each call runs: its input check, its context, its caller.
import type { Identity } from '@apcore-mcp/core';
import type { ContextFactory } from '@apcore-mcp/core/bridge';
import { DEFAULT_MAX_RESULT_BYTES } from '../../calls/pipeline/max-result-bytes.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { booleanOption, integerOption } from '../../kernel/primitive-options.js';
import { resolveInteger } from '../../kernel/read-option.js';

/**
 * The options of `serve()` that shape each call, declared once.
 *
 * @example
 * ```ts
 * CALL_OPTIONS.validateInputs.defaultValue; // false
 * ```
 */
export const CALL_OPTIONS = {
  /** Check arguments against the input schema before calling the executor; default false. */
  validateInputs: booleanOption({
    defaultValue: false,
    cli: [
      {
        key: 'validate-inputs',
        kind: 'boolean',
        help: 'Check tool arguments against the input schema before calling a module',
      },
    ],
  }),
  /**
   * The largest tool result answered, in bytes of its serialized content (JSON, UTF-8); a larger
   * one is answered with a `RESULT_TOO_LARGE` tool error, never cut. A resource read, prompt or
   * completion result over it gets a -32603 error with that code. Default 1 MiB.
   */
  maxResultBytes: integerOption({
    minimum: 1,
    defaultValue: DEFAULT_MAX_RESULT_BYTES,
    cli: [
      {
        key: 'max-result-bytes',
        kind: 'integer',
        help: 'Largest tool, resource, prompt or completion result sent, in bytes of its serialized content; a larger one is answered with a RESULT_TOO_LARGE error',
      },
    ],
  }),
  /**
   * Replace every secret in tool results by `***REDACTED***` (values the output schema marks
   * `x-sensitive: true`, keys starting with `_secret_`); default true. Off, a WARNING at start.
   */
  redactOutput: booleanOption({
    defaultValue: true,
    cli: [
      {
        key: 'redact-output',
        kind: 'boolean',
        help: 'Replace values the output schema marks x-sensitive (and _secret_ keys) by ***REDACTED*** in tool results; --no-redact-output turns it off',
      },
    ],
  }),
  /**
   * How long a call may run, in ms, when its module declares no `timeoutMs`; a call over it
   * fails with `MODULE_TIMEOUT`. Given to each call's context (its client channel's
   * `callTimeoutMs`), so it applies to every `@apcore-mcp/runtime` executor: the one `serve()` makes for a registry, or
   * yours. Default: the executor's own (30 s for the runtime's). Not inside a task, which
   * `taskTimeoutMs` bounds.
   */
  callTimeoutMs: declareOption<number, number | undefined>({
    expected: 'an integer of at least 1',
    defaultValue: undefined,
    limits: { minimum: 1 },
    resolve: (value, { option }) => resolveInteger(option, value, 1, 1),
    cli: [
      {
        key: 'timeout',
        kind: 'integer',
        scale: 1000,
        help: 'Seconds a tool call may run before it fails with MODULE_TIMEOUT, for modules that set no timeoutMs of their own (default 30)',
      },
    ],
  }),
  /** Builds the context of each call for an executor the server did not create. */
  contextFactory: declareOption<ContextFactory, ContextFactory | undefined>({
    expected: 'an object with a createContext(request) method',
    defaultValue: undefined,
    resolve: resolveContextFactory,
  }),
  /** The caller every call is made as (stdio, or HTTP without `authenticate`). */
  identity: declareOption<Identity, Identity | undefined>({
    expected: 'an object with a non-empty string id',
    defaultValue: undefined,
    resolve: resolveIdentity,
  }),
};

function resolveContextFactory(value: unknown): ContextFactory {
  const candidate = value as { createContext?: unknown } | null;
  if (typeof candidate?.createContext !== 'function') {
    const expected = CALL_OPTIONS.contextFactory.expected;
    const sentence = [{ option: 'contextFactory' }, ` must be ${expected}`];
    throw new InvalidOptionError({ option: 'contextFactory', value, expected, sentence });
  }
  return value as ContextFactory;
}

function resolveIdentity(value: unknown): Identity | undefined {
  if (value === null) return undefined;
  const candidate = value as { id?: unknown };
  if (typeof value !== 'object' || typeof candidate.id !== 'string' || candidate.id === '') {
    const expected = CALL_OPTIONS.identity.expected;
    const sentence = [{ option: 'identity' }, ` must be ${expected}`];
    throw new InvalidOptionError({ option: 'identity', value, expected, sentence });
  }
  return value as Identity;
}
