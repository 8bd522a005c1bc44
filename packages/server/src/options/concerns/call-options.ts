// How each call runs: its input check, its context, its caller.
import type { ContextFactory, Identity } from '@apcore-mcp/core';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../option-declaration.js';
import { booleanOption } from '../primitive-options.js';

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
