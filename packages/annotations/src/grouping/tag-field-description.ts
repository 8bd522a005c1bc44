/**
 * Who uses one field of a grouped tool: the actions declaring it, and those requiring it.
 *
 * @example
 * ```ts
 * const usage: FieldUsage = { usedBy: ['create', 'update'], requiredBy: ['create'], actionCount: 3 };
 * ```
 */
export interface FieldUsage {
  readonly usedBy: readonly string[];
  readonly requiredBy: readonly string[];
  /** How many actions the tool has. */
  readonly actionCount: number;
}

/**
 * The tier of a field of a grouped tool, as the text appended to its description, so the model
 * reads in the schema itself when the field matters:
 * - `(always required)`: every action requires it;
 * - `Required for: a, b`: required by every action that uses it, but not all actions use it;
 * - `Required for: a. For: b`: required by some, optional for others;
 * - `For: a, b`: optional wherever it is used.
 *
 * @example
 * ```ts
 * fieldTier({ usedBy: ['create', 'update'], requiredBy: ['create'], actionCount: 3 });
 * // 'Required for: create. For: update'
 * ```
 */
export function fieldTier(usage: FieldUsage): string {
  const { usedBy, requiredBy, actionCount } = usage;
  if (requiredBy.length === actionCount) return '(always required)';
  if (requiredBy.length === 0) return `For: ${usedBy.join(', ')}`;
  const required = `Required for: ${requiredBy.join(', ')}`;
  if (requiredBy.length === usedBy.length) return required;
  const optional = usedBy.filter((action) => !requiredBy.includes(action));
  return `${required}. For: ${optional.join(', ')}`;
}

/**
 * A field's own description with its tier appended (see {@link fieldTier}).
 *
 * @example
 * ```ts
 * tagFieldDescription('The order id', { usedBy: ['cancel'], requiredBy: ['cancel'], actionCount: 2 });
 * // 'The order id. Required for: cancel'
 * ```
 */
export function tagFieldDescription(description: string | undefined, usage: FieldUsage): string {
  const tier = fieldTier(usage);
  const base = (description ?? '').trim().replace(/\.+$/, '');
  if (base === '') return tier;
  return tier.startsWith('(') ? `${base} ${tier}` : `${base}. ${tier}`;
}
