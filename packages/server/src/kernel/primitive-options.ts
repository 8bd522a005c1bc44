// Declarations of the plain options: the check comes from the kind and the limits.

import type { EntryDefaults, OptionDeclaration } from './option-declaration.js';
import { resolveBoolean, resolveChoice, resolveFunction, resolveInteger } from './read-option.js';

/** What every declaration may say besides its kind: transports, refusal, CLI settings. */
type Placement = Pick<
  OptionDeclaration<unknown, unknown>,
  'transports' | 'otherTransports' | 'refusal' | 'cli'
>;

/**
 * A `true`/`false` option.
 *
 * @example
 * ```ts
 * const stateless = booleanOption({ defaultValue: false, transports: HTTP_TRANSPORTS });
 * ```
 */
export function booleanOption(
  spec: Placement & {
    defaultValue: boolean;
    defaultFor?: (entry: EntryDefaults) => boolean;
  },
): OptionDeclaration<boolean, boolean> {
  return {
    ...spec,
    expected: 'a boolean (true or false)',
    resolve: (value, { option }) => resolveBoolean(option, value, spec.defaultValue),
  };
}

/**
 * A whole number of at least `minimum`.
 *
 * @example
 * ```ts
 * const maxTools = integerOption({ minimum: 1, defaultValue: 40 });
 * ```
 */
export function integerOption(
  spec: Placement & { minimum: number; defaultValue: number },
): OptionDeclaration<number, number> {
  const { minimum, ...rest } = spec;
  return {
    ...rest,
    expected: `an integer of at least ${minimum}`,
    limits: { minimum },
    resolve: (value, { option }) => resolveInteger(option, value, spec.defaultValue, minimum),
  };
}

/**
 * One of `choices`, given in any case. `Accepted` is what `serve()` takes: the choices
 * themselves by default, or `string` for an option documented as case-insensitive text.
 *
 * @example
 * ```ts
 * const toolNames = choiceOption({ choices: TOOL_NAME_STYLES, defaultValue: 'safe' });
 * ```
 */
export function choiceOption<Choice extends string, Accepted extends string = Choice>(
  spec: Placement & {
    choices: readonly Choice[];
    defaultValue: Choice;
    defaultFor?: (entry: EntryDefaults) => Choice;
  },
): OptionDeclaration<Accepted, Choice> {
  const { choices, ...rest } = spec;
  return {
    ...rest,
    expected: `one of: ${choices.join(', ')}`,
    limits: { choices },
    resolve: (value, { option }) => resolveChoice(option, value, choices, spec.defaultValue),
  };
}

/**
 * A callback (a hook, a handler); `undefined` when absent.
 *
 * @example
 * ```ts
 * const onStartup = functionOption<() => void | Promise<void>>();
 * ```
 */
export function functionOption<Callback>(
  spec: Placement = {},
): OptionDeclaration<Callback, Callback | undefined> {
  return {
    ...spec,
    expected: 'a function',
    defaultValue: undefined,
    resolve: (value, { option }) => resolveFunction(option, value as Callback),
  };
}
