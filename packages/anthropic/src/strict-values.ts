import type { Logger } from '@apcore-mcp/core/bridge';
import { UNSUPPORTED_PATTERN_FEATURES } from './anthropic-rules.js';
import type { AnthropicRule } from './anthropic-violation.js';
import { visitSchema } from './visit-schema.js';

/** Reports one problem at a JSON pointer. */
type ReportProblem = (path: string, rule: AnthropicRule, problem: string) => void;

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/** The first regex feature of `pattern` strict tool use refuses, if any. */
function refusedPatternFeature(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return 'a pattern that is not a string';
  return UNSUPPORTED_PATTERN_FEATURES.find(({ test }) => test.test(pattern))?.name;
}

function isRefusedMinItems(value: unknown): boolean {
  return value !== undefined && value !== 0 && value !== 1;
}

/**
 * The value rules of strict tool use that a keyword list cannot say: `enum` and `const` hold
 * primitives only, `pattern` uses simple regular expressions, `minItems` is 0 or 1.
 */
export function checkStrictValues(schema: unknown, report: ReportProblem): void {
  visitSchema(schema, ({ node, path }) => {
    if (Array.isArray(node.enum) && !node.enum.every(isPrimitive)) {
      report(
        path,
        'non-primitive-value',
        '"enum" may only hold strings, numbers, booleans or null',
      );
    }
    if (Object.hasOwn(node, 'const') && !isPrimitive(node.const)) {
      report(path, 'non-primitive-value', '"const" may only be a string, number, boolean or null');
    }
    if (Object.hasOwn(node, 'pattern')) {
      const feature = refusedPatternFeature(node.pattern);
      if (feature !== undefined) {
        report(
          path,
          'unsupported-pattern',
          `"pattern" uses ${feature}, which strict tool use does not support`,
        );
      }
    }
    if (isRefusedMinItems(node.minItems)) {
      report(
        path,
        'unsupported-min-items',
        `"minItems" is ${JSON.stringify(node.minItems)}; strict tool use supports only 0 and 1`,
      );
    }
  });
}

/** A property whose schema allows more than one type: an `anyOf`, or a `type` list. */
function isUnion(node: Record<string, unknown>): boolean {
  return Array.isArray(node.anyOf) || (Array.isArray(node.type) && node.type.length > 1);
}

/**
 * The parameters of a schema that count toward strict tool use's request limits: optional ones
 * (not in their object's `required`) and union-typed ones, at every depth (the limits bound
 * the grammar compiled from every strict schema of a request).
 */
export function countStrictParameters(schema: unknown): { optional: number; union: number } {
  let optional = 0;
  let union = 0;
  visitSchema(schema, ({ node, property }) => {
    if (property === undefined) return;
    if (!property.required) optional += 1;
    if (isUnion(node)) union += 1;
  });
  return { optional, union };
}

/** Options of {@link dropRefusedValues}. */
export interface DropRefusedValuesOptions {
  logger?: Logger | undefined;
  moduleId?: string | undefined;
  /** Named in the warnings (`module "x"`, `grouped tool "y"`). */
  subject: string;
}

/**
 * Removes, in place, the value constraints strict tool use refuses that only narrow what is
 * valid (`minItems` above 1, a `pattern` with a refused regex feature), warning about each: the
 * `dropUnsupportedKeywords` counterpart of {@link checkStrictValues}. The Executor still
 * validates the module's real schema.
 */
export function dropRefusedValues(schema: unknown, options: DropRefusedValuesOptions): void {
  const warn = (path: string, key: string) =>
    options.logger?.warn(
      { moduleId: options.moduleId, path },
      `Schema of ${options.subject}: ${path === '' ? 'the root schema' : path} uses "${key}" in a way strict tool use does not support; it is left out of the schema sent to Anthropic`,
    );
  visitSchema(schema, ({ node, path }) => {
    if (isRefusedMinItems(node.minItems)) {
      delete node.minItems;
      warn(path, 'minItems');
    }
    if (Object.hasOwn(node, 'pattern') && refusedPatternFeature(node.pattern) !== undefined) {
      delete node.pattern;
      warn(path, 'pattern');
    }
  });
}
