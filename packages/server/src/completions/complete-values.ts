import { type Completer, type CompletionContext, DefinitionResultError } from '@apcore-mcp/core';

/**
 * The most values one `completion/complete` answer carries, as MCP allows.
 *
 * @example
 * ```ts
 * values.slice(0, MAX_COMPLETION_VALUES);
 * ```
 */
export const MAX_COMPLETION_VALUES = 100;

/**
 * The `completion` of a `completion/complete` result.
 *
 * @example
 * ```ts
 * const answer: CompletionAnswer = { values: ['python'], total: 1, hasMore: false };
 * ```
 */
export type CompletionAnswer = {
  values: string[];
  total?: number;
  hasMore?: boolean;
};

/** What suggests values for one argument or variable: its `enum`, its `complete`, both or none. */
export interface CompletionSource {
  /** Names it in errors: `Argument arg1 of prompt p`. */
  label: string;
  enum?: readonly string[] | undefined;
  complete?: Completer | undefined;
}

/**
 * The suggestions for `value`: a `complete` function's answer as given, else the values of
 * `complete` or `enum` that start with `value` (any case); none without either. At most
 * {@link MAX_COMPLETION_VALUES}, with `total` and `hasMore` telling how many there were.
 *
 * @throws {DefinitionResultError} when a `complete` function returns something other than an
 * array of strings.
 * @example
 * ```ts
 * await completeValues({ label: 'Argument lang', enum: ['python', 'perl'] }, 'py', context);
 * // { values: ['python'], total: 1, hasMore: false }
 * ```
 */
export async function completeValues(
  source: CompletionSource,
  value: string,
  context: CompletionContext,
): Promise<CompletionAnswer> {
  const { complete } = source;
  let values: readonly string[];
  if (typeof complete === 'function') {
    values = checkValues(source.label, await complete(value, context));
  } else {
    const known = complete ?? source.enum ?? [];
    const typed = value.toLowerCase();
    values = known.filter((candidate) => candidate.toLowerCase().startsWith(typed));
  }
  return {
    values: values.slice(0, MAX_COMPLETION_VALUES),
    total: values.length,
    hasMore: values.length > MAX_COMPLETION_VALUES,
  };
}

function checkValues(label: string, values: unknown): readonly string[] {
  if (Array.isArray(values) && values.every((entry) => typeof entry === 'string')) return values;
  throw new DefinitionResultError(
    `The completion of ${label}`,
    'complete must return an array of strings',
  );
}
