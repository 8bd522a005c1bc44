import { readFileSync } from 'node:fs';
import { InvalidOptionError, type OptionSentence } from '../../kernel/invalid-option-error.js';
import {
  type LimitOverride,
  type ResolvedLimitOverride,
  readLimitOverrides,
} from './limit-overrides.js';
import {
  LIMIT_SET_KEYS,
  type LimitProblemReporter,
  type LimitSet,
  readLimitSet,
} from './limit-set.js';
import type { WindowLimits } from './limit-windows.js';

/**
 * The `limits` option of `serve()`: rate limits and budgets per subject (the authenticated
 * caller's `identity.id`; calls without an identity share one anonymous subject). Limits are
 * given as `{ perMinute, perHour, perDay, perMonth }` or in the CLI's syntax
 * (`'60/min,1000/day,500/month'`; a month is the calendar month in UTC).
 * `tools/call`, `resources/read`, `prompts/get` and `completion/complete` count toward `calls`
 * (only tool calls toward the others); a refused one runs nothing and counts toward nothing.
 * `overrides` give other limits to a subject or a role; `file` reads all of them from a JSON
 * file instead.
 *
 * @example
 * ```ts
 * await serve(registry, {
 *   transport: 'streamable-http',
 *   authenticate,
 *   limits: {
 *     calls: '60/min,1000/day',
 *     budget: '500/month',
 *     maxCostPerCall: 10,
 *     overrides: [{ role: 'admin', calls: '600/min' }, { subject: 'batch-bot', budget: '5000/month' }],
 *   },
 * });
 * ```
 */
export interface LimitsOptions {
  /**
   * Calls per subject, of any tool, and reads, prompts and completions (each counts as one call;
   * whole numbers).
   */
  calls?: WindowLimits | string;
  /**
   * Calls per subject of tools annotated destructive, counted in addition to `calls`: such a
   * call must pass both.
   */
  destructiveCalls?: WindowLimits | string;
  /**
   * Spending per subject: each call spends its module's `metadata.cost` (a number of at least
   * 0; none is 0). A call whose cost would take the subject over is refused.
   */
  budget?: WindowLimits | string;
  /**
   * The most one call may cost: a call of a module whose `metadata.cost` is higher is refused
   * (`BUDGET_EXCEEDED`) before it runs, and counts toward nothing.
   */
  maxCostPerCall?: number;
  /**
   * Other limits for a subject or a role. A caller gets the first override naming its subject,
   * else the first naming one of its roles, else the limits above; an override's keys replace
   * theirs, the keys it leaves out keep them.
   */
  overrides?: LimitOverride[];
  /**
   * A JSON file holding the limits instead (`calls`, `destructiveCalls`, `budget`,
   * `maxCostPerCall`, `overrides`), read at startup; not to be combined with those keys here.
   */
  file?: string;
  /** The clock windows are counted by, in ms since the epoch; default `Date.now`. */
  now?: () => number;
}

/**
 * The `limits` option after validation: the default set, the overrides and the clock.
 *
 * @example
 * ```ts
 * const resolved: ResolvedLimits = resolveLimits({ calls: '60/min' })!;
 * ```
 */
export interface ResolvedLimits extends LimitSet {
  readonly overrides: readonly ResolvedLimitOverride[];
  readonly now: () => number;
}

const GIVEN_KEYS = [...LIMIT_SET_KEYS, 'overrides'];
const KNOWN_KEYS = [...GIVEN_KEYS, 'file', 'now'];

/**
 * Validates the `limits` option (reading its `file`): `undefined` when absent.
 *
 * @throws {InvalidOptionError} for a value of the wrong type, an unknown key, bad limit syntax, a
 * call limit that is not a whole number of at least 1, a budget or cap below 0, an override
 * naming neither or both of subject and role, or a file that cannot be read or holds any of
 * these (named `limits.file`, with the key in the file).
 * @example
 * ```ts
 * resolveLimits({ calls: '60/min' }); // { calls: { perMinute: 60 }, ... }
 * ```
 */
export function resolveLimits(value: unknown): ResolvedLimits | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({ option: 'limits', value, expected: 'an object' });
  }
  const given = value as Record<string, unknown>;
  if (given.store !== undefined) {
    throw new InvalidOptionError({
      option: 'limits.store',
      value: given.store,
      expected: 'the top-level store option',
      sentence: [
        { option: 'limits.store' },
        ' is now the top-level ',
        { option: 'store' },
        ' option: it keeps one-time approval rounds too',
      ],
    });
  }
  refuseUnknownKey(given, KNOWN_KEYS, (key) => ({
    option: `limits.${key}`,
    sentence: ['Unknown ', { option: 'limits' }, ` key '${key}'. Known: ${KNOWN_KEYS.join(', ')}`],
  }));
  const now = resolveClock(given.now);
  if (given.file === undefined) return toResolved(given, 'limits', reportOption, now);
  return resolveFromFile(given, now);
}

/** The limits of `limits.file`, which holds them all: none may be given beside it. */
function resolveFromFile(
  given: Readonly<Record<string, unknown>>,
  now: () => number,
): ResolvedLimits {
  const file = given.file;
  if (typeof file !== 'string' || file.trim() === '') {
    throw new InvalidOptionError({ option: 'limits.file', value: file, expected: 'a file path' });
  }
  const beside = GIVEN_KEYS.find((key) => given[key] !== undefined);
  if (beside !== undefined) {
    throw new InvalidOptionError({
      option: `limits.${beside}`,
      value: given[beside],
      expected: `no limits beside limits.file`,
      sentence: [
        { option: `limits.${beside}` },
        ' goes in the file of ',
        { option: 'limits.file' },
        `, not beside it`,
      ],
    });
  }
  const report = reportInFile(file);
  const contents = readLimitsFile(file);
  refuseUnknownKey(contents, GIVEN_KEYS, (key) => ({
    option: 'limits.file',
    sentence: [
      { option: 'limits.file' },
      ` ${file}: unknown key '${key}'. Known: ${GIVEN_KEYS.join(', ')}`,
    ],
  }));
  return toResolved(contents, '', report, now);
}

function toResolved(
  given: Readonly<Record<string, unknown>>,
  prefix: string,
  report: LimitProblemReporter,
  now: () => number,
): ResolvedLimits {
  const set = readLimitSet(given, prefix, report);
  const overridesPath = prefix === '' ? 'overrides' : `${prefix}.overrides`;
  return {
    calls: set.calls ?? {},
    destructiveCalls: set.destructiveCalls ?? {},
    budget: set.budget ?? {},
    maxCostPerCall: set.maxCostPerCall,
    overrides: readLimitOverrides(given.overrides, overridesPath, report),
    now,
  };
}

const reportOption: LimitProblemReporter = ({ path, value, expected, sentence, cause }) =>
  new InvalidOptionError({ option: path, value, expected, sentence, cause });

/** A problem inside the file: the option is `limits.file`, the message names the key in it. */
function reportInFile(file: string): LimitProblemReporter {
  return ({ value, expected, sentence, cause }) => {
    const inFile: OptionSentence = sentence.map((piece) =>
      typeof piece === 'string' ? piece : piece.option,
    );
    return new InvalidOptionError({
      option: 'limits.file',
      value,
      expected,
      sentence: [{ option: 'limits.file' }, ` ${file}: `, ...inFile],
      cause,
    });
  };
}

function refuseUnknownKey(
  given: Readonly<Record<string, unknown>>,
  known: readonly string[],
  describe: (key: string) => { option: string; sentence: OptionSentence },
): void {
  const unknownKey = Object.keys(given).find((key) => !known.includes(key));
  if (unknownKey === undefined) return;
  const { option, sentence } = describe(unknownKey);
  const expected = `one of: ${known.join(', ')}`;
  throw new InvalidOptionError({ option, value: given[unknownKey], expected, sentence });
}

/** The file's JSON object; a missing file, bad JSON or another value names the file. */
function readLimitsFile(file: string): Record<string, unknown> {
  const expected = 'a JSON file holding an object of limits';
  const fail = (reason: string, cause?: unknown): InvalidOptionError =>
    new InvalidOptionError({
      option: 'limits.file',
      value: file,
      expected,
      sentence: [{ option: 'limits.file' }, ` ${file}: ${reason}`],
      cause,
    });
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(code === 'ENOENT' ? 'no such file' : 'cannot be read', error);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw fail(`not valid JSON (${(error as Error).message})`, error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw fail('must hold a JSON object of limits');
  }
  return parsed as Record<string, unknown>;
}

function resolveClock(value: unknown): () => number {
  if (value === undefined) return Date.now;
  if (typeof value !== 'function') {
    throw new InvalidOptionError({
      option: 'limits.now',
      value,
      expected: 'a function returning ms',
    });
  }
  return value as () => number;
}
