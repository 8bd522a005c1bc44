import type { StrictRuleSet } from '../strict/strict-rule-set.js';

/** A small provider subset for tests: strings and objects, no formats, one size limit. */
export function createRules(overrides: Partial<StrictRuleSet> = {}): StrictRuleSet {
  return {
    provider: 'Acme',
    types: new Set(['string', 'integer', 'object', 'array', 'boolean', 'null']),
    genericKeywords: new Set(['type', 'description', 'enum', 'anyOf']),
    keywordsByType: {
      string: new Set(['pattern']),
      integer: new Set(['minimum', 'maximum']),
      object: new Set(['properties', 'required', 'additionalProperties']),
      array: new Set(['items']),
    },
    formats: new Set(),
    droppableKeywords: new Set(['minLength', 'maxLength']),
    removedKeywords: new Set(['default', 'title', 'examples']),
    limits: {
      maxProperties: 100,
      maxNestingDepth: 3,
      maxCharacters: Number.POSITIVE_INFINITY,
      maxEnumValues: Number.POSITIVE_INFINITY,
      largeStringEnumValues: Number.POSITIVE_INFINITY,
      maxLargeStringEnumCharacters: Number.POSITIVE_INFINITY,
    },
    requireEveryProperty: true,
    namePattern: /^[a-z_-]{1,16}$/,
    ...overrides,
  };
}
