/**
 * Size limits of one strict schema. A provider without a limit passes `Infinity`.
 *
 * @example
 * ```ts
 * const limits: StrictLimits = { maxProperties: 5_000, maxNestingDepth: 10, maxCharacters: 120_000,
 *   maxEnumValues: 1_000, largeStringEnumValues: 250, maxLargeStringEnumCharacters: 15_000 };
 * ```
 */
export interface StrictLimits {
  /** Object properties in total, across the whole schema. */
  readonly maxProperties: number;
  /** Levels of object nesting (the root object is level 1). */
  readonly maxNestingDepth: number;
  /** Characters across property names, definition names, enum and const values. */
  readonly maxCharacters: number;
  /** Enum values in total, across the whole schema. */
  readonly maxEnumValues: number;
  /** A string enum with more values than this ... */
  readonly largeStringEnumValues: number;
  /** ... may hold at most this many characters across its values. */
  readonly maxLargeStringEnumCharacters: number;
}

/**
 * JSON Schema's seven types: every provider's subset takes them all, so a rule set's `types`
 * are usually these.
 */
export const JSON_SCHEMA_TYPES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
]);

/**
 * Annotations of no use to a model and containers emptied by `$ref` inlining, which every
 * provider's rewriting removes: a rule set's `removedKeywords` start from these.
 */
export const ANNOTATION_KEYWORDS: readonly string[] = Object.freeze([
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$schema',
  '$id',
  '$comment',
  '$defs',
  'definitions',
]);

/**
 * One provider's strict-schema subset, as data: what {@link toStrictSchema} rewrites to and what
 * {@link checkStrictSchema} accepts. A provider package declares one and passes it in, so the
 * rewriting and the checking agree and are written once for every provider.
 *
 * @example
 * ```ts
 * const rules: StrictRuleSet = { provider: 'OpenAI', types, genericKeywords, keywordsByType,
 *   formats, droppableKeywords, removedKeywords, limits, requireEveryProperty: true,
 *   namePattern: /^[a-zA-Z0-9_-]{1,64}$/ };
 * ```
 */
export interface StrictRuleSet {
  /** The provider, named in messages (`breaks OpenAI's strict mode`, `sent to OpenAI`). */
  readonly provider: string;
  /** Types a strict schema may use (`null` only alongside another type, for nullable values). */
  readonly types: ReadonlySet<string>;
  /** Keywords valid on any node. */
  readonly genericKeywords: ReadonlySet<string>;
  /** Keywords valid per type, on top of the generic ones. */
  readonly keywordsByType: Readonly<Record<string, ReadonlySet<string>>>;
  /** String formats strict mode accepts. */
  readonly formats: ReadonlySet<string>;
  /**
   * Value constraints the provider refuses that only narrow what is valid: dropped (with a
   * warning) under `dropUnsupportedKeywords`, since the Executor still validates the real schema.
   */
  readonly droppableKeywords: ReadonlySet<string>;
  /** Annotations of no use to the model, always removed by the rewriting. */
  readonly removedKeywords: ReadonlySet<string>;
  readonly limits: StrictLimits;
  /**
   * Whether every property must be listed in `required` (optional ones then become nullable),
   * as OpenAI demands; when `false`, `required` is kept as written.
   */
  readonly requireEveryProperty: boolean;
  /** The tool names the provider accepts, checked when a name is given. */
  readonly namePattern: RegExp;
  /**
   * Whether every object must be closed with `additionalProperties: false` (OpenAI's and
   * Anthropic's strict modes). `false` leaves `additionalProperties` as written, checked like any
   * other keyword, for a provider whose subset has no such field or treats it as optional.
   * Default `true`.
   */
  readonly closesObjects?: boolean;
}
