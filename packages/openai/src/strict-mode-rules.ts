/**
 * OpenAI's published Structured Outputs rules ("supported schemas") that strict function
 * calling enforces, as the rule set the shared strict-schema rewriting and checker take.
 */
import {
  ANNOTATION_KEYWORDS,
  JSON_SCHEMA_TYPES,
  type StrictRuleSet,
} from '@apcore-mcp/tool-export';
import { OPENAI_FUNCTION_NAME_PATTERN } from './normalize.js';

/** Types a strict schema may use (`null` only alongside another type, for nullable values). */
export const STRICT_TYPES: ReadonlySet<string> = JSON_SCHEMA_TYPES;

/** Keywords valid on any node. */
export const GENERIC_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'anyOf',
]);

/** Keywords valid per type, on top of the generic ones. */
export const KEYWORDS_BY_TYPE: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['pattern', 'format']),
  number: new Set(['multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']),
  integer: new Set(['multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']),
  array: new Set(['items', 'minItems', 'maxItems']),
  object: new Set(['properties', 'required', 'additionalProperties']),
  boolean: new Set(),
  null: new Set(),
};

/** String formats strict mode accepts. */
export const STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/**
 * Value constraints OpenAI does not support that only narrow what is valid: dropping them keeps
 * the schema's meaning for the model, and the Executor still validates the real schema.
 */
export const DROPPABLE_KEYWORDS: ReadonlySet<string> = new Set([
  'minLength',
  'maxLength',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contains',
  'minContains',
  'maxContains',
  'propertyNames',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/** Annotations with no use to the model in strict mode, removed by the transformation. */
export const REMOVED_KEYWORDS: ReadonlySet<string> = new Set([
  'default',
  'title',
  ...ANNOTATION_KEYWORDS,
]);

/** OpenAI's size limits for one strict schema. */
export const STRICT_LIMITS = Object.freeze({
  /** Object properties in total, across the whole schema. */
  maxProperties: 5_000,
  /** Levels of object nesting (the root object is level 1). */
  maxNestingDepth: 10,
  /** Characters across property names, definition names, enum and const values. */
  maxCharacters: 120_000,
  /** Enum values in total, across the whole schema. */
  maxEnumValues: 1_000,
  /** A string enum with more values than this ... */
  largeStringEnumValues: 250,
  /** ... may hold at most this many characters across its values. */
  maxLargeStringEnumCharacters: 15_000,
});

/** OpenAI's strict mode as a rule set: every property required, optional ones nullable. */
export const OPENAI_STRICT_RULES: StrictRuleSet = Object.freeze({
  provider: 'OpenAI',
  types: STRICT_TYPES,
  genericKeywords: GENERIC_KEYWORDS,
  keywordsByType: KEYWORDS_BY_TYPE,
  formats: STRICT_FORMATS,
  droppableKeywords: DROPPABLE_KEYWORDS,
  removedKeywords: REMOVED_KEYWORDS,
  limits: STRICT_LIMITS,
  requireEveryProperty: true,
  namePattern: OPENAI_FUNCTION_NAME_PATTERN,
});
