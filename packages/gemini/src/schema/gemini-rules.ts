/**
 * The Gemini API's schema rules for function declarations, as the rule sets the shared
 * strict-schema rewriting and checker take. Sources:
 * - FunctionDeclaration and Schema: https://ai.google.dev/api/caching#FunctionDeclaration and
 *   https://ai.google.dev/api/caching#Schema (the `@google/genai` types carry the same text);
 * - the JSON Schema subset: https://ai.google.dev/gemini-api/docs/structured-output#json-schema;
 * - Vertex AI: https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/function-calling
 *   documents the same name and parameter-name rules, so there is one rule set per field.
 */
import {
  ANNOTATION_KEYWORDS,
  JSON_SCHEMA_TYPES,
  type StrictLimits,
  type StrictRuleSet,
} from '@apcore-mcp/tool-export';

/**
 * A function name: starts with a letter or an underscore, then letters, digits, `_ . : -`.
 * The SDK's types allow 128 characters, older reference pages 64: 64 is what both accept (and
 * core's tool names never exceed it).
 * https://ai.google.dev/api/caching#FunctionDeclaration
 */
export const GEMINI_FUNCTION_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/**
 * A parameter (property) name in `parameters`: starts with a letter or an underscore, then
 * letters, digits and underscores, at most 64 characters.
 * https://ai.google.dev/api/caching#FunctionDeclaration (the `parameters` field)
 */
export const GEMINI_PARAMETER_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;

/** JSON Schema's types; `parameters` sends them as the `Type` enum (`STRING`, ...). */
const TYPES: ReadonlySet<string> = JSON_SCHEMA_TYPES;

/** Gemini documents no size limit for one schema. */
const NO_LIMITS: StrictLimits = Object.freeze({
  maxProperties: Number.POSITIVE_INFINITY,
  maxNestingDepth: Number.POSITIVE_INFINITY,
  maxCharacters: Number.POSITIVE_INFINITY,
  maxEnumValues: Number.POSITIVE_INFINITY,
  largeStringEnumValues: Number.POSITIVE_INFINITY,
  maxLargeStringEnumCharacters: Number.POSITIVE_INFINITY,
});

/** Constraints outside both subsets that only narrow what is valid: dropped on request. */
const NARROWING_KEYWORDS = [
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'propertyNames',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentRequired',
];

/** Annotations and containers neither subset takes; `$defs` are inlined before. */
const REMOVED_KEYWORDS = ANNOTATION_KEYWORDS;

/**
 * `parameters`: the OpenAPI 3.0 subset of the API's `Schema` message, field for field
 * (https://ai.google.dev/api/caching#Schema). No `$ref`/`$defs`, `const`, `oneOf`, `allOf`,
 * `additionalProperties`, `not` or type lists; `enum` holds strings only; string formats are
 * the ones the reference names. The rewriting turns what it safely can into this subset.
 */
export const GEMINI_PARAMETERS_RULES: StrictRuleSet = Object.freeze({
  provider: 'Gemini',
  types: TYPES,
  genericKeywords: new Set([
    'type',
    'format',
    'title',
    'description',
    'nullable',
    'enum',
    'default',
    'example',
    'anyOf',
  ]),
  keywordsByType: {
    string: new Set(['minLength', 'maxLength', 'pattern']),
    number: new Set(['minimum', 'maximum']),
    integer: new Set(['minimum', 'maximum']),
    array: new Set(['items', 'minItems', 'maxItems']),
    object: new Set([
      'properties',
      'required',
      'minProperties',
      'maxProperties',
      'propertyOrdering',
    ]),
    boolean: new Set<string>(),
    null: new Set<string>(),
  },
  // "For STRING type, format can be email, byte, date, date-time, password", plus `enum`.
  formats: new Set(['enum', 'date-time', 'date', 'email', 'byte', 'password']),
  droppableKeywords: new Set([...NARROWING_KEYWORDS, 'additionalProperties']),
  removedKeywords: new Set(REMOVED_KEYWORDS),
  limits: NO_LIMITS,
  requireEveryProperty: false,
  closesObjects: false,
  namePattern: GEMINI_FUNCTION_NAME_PATTERN,
});

/**
 * `parametersJsonSchema`: the JSON Schema keywords the Gemini API documents
 * (https://ai.google.dev/gemini-api/docs/structured-output#json-schema): `type` (a list for
 * nullable values), `title`, `description`, `enum`, `anyOf`; `properties`, `required`,
 * `additionalProperties` on objects; `format` (`date-time`, `date`, `time`) on strings;
 * `minimum`/`maximum` on numbers; `items`, `prefixItems`, `minItems`, `maxItems` on arrays.
 */
export const GEMINI_JSON_SCHEMA_RULES: StrictRuleSet = Object.freeze({
  provider: 'Gemini',
  types: TYPES,
  genericKeywords: new Set(['type', 'title', 'description', 'enum', 'anyOf']),
  keywordsByType: {
    string: new Set(['format']),
    number: new Set(['minimum', 'maximum']),
    integer: new Set(['minimum', 'maximum']),
    array: new Set(['items', 'prefixItems', 'minItems', 'maxItems']),
    object: new Set(['properties', 'required', 'additionalProperties', 'propertyOrdering']),
    boolean: new Set<string>(),
    null: new Set<string>(),
  },
  formats: new Set(['date-time', 'date', 'time']),
  droppableKeywords: new Set([
    ...NARROWING_KEYWORDS,
    'minLength',
    'maxLength',
    'pattern',
    'minProperties',
    'maxProperties',
  ]),
  removedKeywords: new Set([...REMOVED_KEYWORDS, 'default']),
  limits: NO_LIMITS,
  requireEveryProperty: false,
  closesObjects: false,
  namePattern: GEMINI_FUNCTION_NAME_PATTERN,
});
