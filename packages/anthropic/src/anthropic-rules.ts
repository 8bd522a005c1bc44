/**
 * Anthropic's documented rules for tool definitions of the Messages API, as data: the name
 * rule and the input schema's root (every tool), and the JSON Schema subset and complexity
 * limits of strict tool use, as the rule set the shared strict-schema rewriting and checker take.
 */
import { SAFE_TOOL_NAME_PATTERN } from '@apcore-mcp/core/bridge';
import {
  ANNOTATION_KEYWORDS,
  JSON_SCHEMA_TYPES,
  type StrictRuleSet,
} from '@apcore-mcp/tool-export';

/** Where each rule comes from. */
export const ANTHROPIC_DOCS = Object.freeze({
  /** Tool definitions: the name pattern, `input_schema`, `input_examples`. */
  defineTools: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use',
  /** Strict tool use (`strict: true` on a tool). */
  strictToolUse: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use',
  /** The JSON Schema subset and the complexity limits strict tool use accepts. */
  schemaLimitations:
    'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations',
  /** `cache_control` on the last tool caches every tool definition. */
  promptCaching:
    'https://platform.claude.com/docs/en/build-with-claude/prompt-caching#what-can-be-cached',
  /** `tool_result` blocks: text and image content, `is_error`. */
  toolResults: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls',
  /** Image blocks: the media types the API takes. */
  vision: 'https://platform.claude.com/docs/en/build-with-claude/vision',
});

/**
 * The tool names the Messages API accepts ({@link ANTHROPIC_DOCS}.defineTools): the same rule
 * as every common MCP client's, so a module keeps the name the MCP server gives it.
 */
export const ANTHROPIC_TOOL_NAME_PATTERN: RegExp = SAFE_TOOL_NAME_PATTERN;

/**
 * Combinators the API refuses at the root of `input_schema` (they are fine below it), per
 * {@link ANTHROPIC_DOCS}.defineTools: the root must be a plain `type: "object"` schema.
 */
export const ROOT_COMBINATORS: readonly string[] = ['anyOf', 'oneOf', 'allOf'];

/** String formats strict tool use accepts ({@link ANTHROPIC_DOCS}.schemaLimitations). */
export const STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Types a strict schema may use ({@link ANTHROPIC_DOCS}.schemaLimitations). */
const STRICT_TYPES: ReadonlySet<string> = JSON_SCHEMA_TYPES;

/**
 * Keywords valid on any node: `enum` and `const` of primitive values (checked apart), `anyOf`,
 * and the annotations `default` and `title`, which strict tool use keeps.
 */
const GENERIC_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'description',
  'title',
  'default',
  'enum',
  'const',
  'anyOf',
]);

/**
 * Keywords valid per type: `pattern` with simple regular expressions (checked apart),
 * `minItems` of 0 or 1 only (checked apart), objects closed with `additionalProperties: false`.
 * No numeric constraints, no `minLength`/`maxLength`, no `maxItems`.
 */
const KEYWORDS_BY_TYPE: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['format', 'pattern']),
  number: new Set(),
  integer: new Set(),
  array: new Set(['items', 'minItems']),
  object: new Set(['properties', 'required', 'additionalProperties']),
  boolean: new Set(),
  null: new Set(),
};

/**
 * Value constraints strict tool use refuses that only narrow what is valid: dropped (with a
 * warning) under `dropUnsupportedKeywords`; the Executor still validates the real schema.
 */
const DROPPABLE_KEYWORDS: ReadonlySet<string> = new Set([
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'maxItems',
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

/** Annotations of no use to the model, removed by the strict rewriting. */
const REMOVED_KEYWORDS: ReadonlySet<string> = new Set(ANNOTATION_KEYWORDS);

/**
 * Strict tool use's complexity limits ({@link ANTHROPIC_DOCS}.schemaLimitations). They hold for
 * one request, across every strict tool in it; one tool over a limit can never be sent.
 */
export const STRICT_LIMITS = Object.freeze({
  /** Strict tools in one request. */
  maxStrictTools: 20,
  /** Optional parameters (properties not listed in `required`, at any depth) in total. */
  maxOptionalParameters: 24,
  /** Parameters with a union type (`anyOf`, or a `type` list) in total. */
  maxUnionParameters: 16,
});

/**
 * Strict tool use as a rule set: objects closed, `required` kept as written (optional
 * properties stay optional; no nullable rewrite), no documented size limits beyond the
 * request's complexity limits ({@link STRICT_LIMITS}), which are counted apart.
 */
export const ANTHROPIC_STRICT_RULES: StrictRuleSet = Object.freeze({
  provider: 'Anthropic',
  types: STRICT_TYPES,
  genericKeywords: GENERIC_KEYWORDS,
  keywordsByType: KEYWORDS_BY_TYPE,
  formats: STRICT_FORMATS,
  droppableKeywords: DROPPABLE_KEYWORDS,
  removedKeywords: REMOVED_KEYWORDS,
  limits: {
    maxProperties: Number.POSITIVE_INFINITY,
    maxNestingDepth: Number.POSITIVE_INFINITY,
    maxCharacters: Number.POSITIVE_INFINITY,
    maxEnumValues: Number.POSITIVE_INFINITY,
    largeStringEnumValues: Number.POSITIVE_INFINITY,
    maxLargeStringEnumCharacters: Number.POSITIVE_INFINITY,
  },
  requireEveryProperty: false,
  namePattern: ANTHROPIC_TOOL_NAME_PATTERN,
});

/**
 * Regular-expression features strict tool use refuses in `pattern`
 * ({@link ANTHROPIC_DOCS}.schemaLimitations): backreferences, lookaround, word boundaries.
 * (Simple patterns, classes, groups and `{n,m}` quantifiers are fine.)
 */
export const UNSUPPORTED_PATTERN_FEATURES: readonly { name: string; test: RegExp }[] = [
  { name: 'a backreference', test: /\\[1-9]|\\k</ },
  { name: 'a lookahead or lookbehind', test: /\(\?<?[=!]/ },
  { name: 'a word boundary', test: /\\[bB]/ },
];

/** The media types an image block takes ({@link ANTHROPIC_DOCS}.vision). */
export const IMAGE_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);
