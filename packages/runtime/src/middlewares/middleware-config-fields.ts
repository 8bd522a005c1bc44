import { InvalidInputError } from '@apcore-mcp/core';

/** What a field of a middleware entry holds. */
export type FieldKind = 'count' | 'positive-count' | 'milliseconds' | 'boolean' | 'strategy';

/** One key a middleware type takes: its contract spelling, its option's name and its kind. */
export interface FieldSpec {
  /** The contract's snake_case key (`max_retries`). */
  readonly key: string;
  /** The camelCase option it sets (`maxRetries`), also accepted as a key. */
  readonly option: string;
  readonly kind: FieldKind;
}

const EXPECTED: Record<FieldKind, string> = {
  count: 'an integer of at least 0',
  'positive-count': 'an integer of at least 1',
  milliseconds: 'a number of milliseconds, at least 0',
  boolean: 'true or false',
  strategy: "'exponential' or 'fixed'",
};

/**
 * Refuses a middleware entry, naming the field (`mcp.middleware[1].max_retries`) first.
 *
 * @throws {InvalidInputError} always, with `details.field`.
 */
export function refuseField(field: string, reason: string): never {
  throw new InvalidInputError(`${field}: ${reason}`, { details: { field } });
}

function fits(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0;
    case 'positive-count':
      return Number.isSafeInteger(value) && (value as number) >= 1;
    case 'milliseconds':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0;
    case 'boolean':
      return typeof value === 'boolean';
    case 'strategy':
      return value === 'exponential' || value === 'fixed';
  }
}

/**
 * Reads the fields of one entry into its options (camelCase), refusing keys its type does not
 * take (all named at once), a key given in both spellings, and values of the wrong type.
 *
 * @throws {InvalidInputError} naming `<entryPath>.<key>` or the entry.
 */
export function readFields(
  entry: Record<string, unknown>,
  specs: readonly FieldSpec[],
  entryPath: string,
  type: string,
): Record<string, unknown> {
  const known = (key: string) => specs.some((spec) => spec.key === key || spec.option === key);
  const unexpected = Object.keys(entry).filter((key) => key !== 'type' && !known(key));
  if (unexpected.length > 0) {
    const takes = specs.length === 0 ? 'no other key' : specs.map((spec) => spec.key).join(', ');
    refuseField(
      entryPath,
      `unexpected keys ${unexpected.map((key) => `'${key}'`).join(', ')} for type '${type}'; it takes ${takes}`,
    );
  }
  const options: Record<string, unknown> = {};
  for (const spec of specs) {
    const spellings = [...new Set([spec.key, spec.option])].filter((key) =>
      Object.hasOwn(entry, key),
    );
    if (spellings.length > 1) {
      refuseField(`${entryPath}.${spec.key}`, `given twice, as '${spec.key}' and '${spec.option}'`);
    }
    const [key] = spellings;
    if (key === undefined) continue;
    const value = entry[key];
    if (!fits(spec.kind, value)) {
      refuseField(
        `${entryPath}.${key}`,
        `must be ${EXPECTED[spec.kind]}, got ${JSON.stringify(value) ?? String(value)}`,
      );
    }
    options[spec.option] = value;
  }
  return options;
}
