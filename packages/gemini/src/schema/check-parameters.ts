import type { StrictViolation } from '@apcore-mcp/tool-export';
import { GEMINI_PARAMETER_NAME_PATTERN } from './gemini-rules.js';

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

interface Walk {
  owner: string;
  moduleId: string | undefined;
  violations: StrictViolation[];
}

function report(walk: Walk, path: string, rule: StrictViolation['rule'], problem: string): void {
  const violation: StrictViolation = {
    path,
    rule,
    message: `${walk.owner}, ${path === '' ? 'root' : path}: ${problem}`,
  };
  if (walk.moduleId !== undefined) violation.moduleId = walk.moduleId;
  walk.violations.push(violation);
}

function checkNode(value: unknown, path: string, walk: Walk): void {
  if (!isNode(value)) return;
  if (Array.isArray(value.type)) {
    report(
      walk,
      path,
      'unsupported-type',
      `a list of types (${value.type.join(', ')}) is not supported in "parameters"; only one type, with "nullable"`,
    );
  }
  if (Array.isArray(value.enum) && value.enum.some((entry) => typeof entry !== 'string')) {
    report(
      walk,
      path,
      'unsupported-type',
      '"enum" values must be strings (numbers are sent as strings) in "parameters"',
    );
  }
  if (isNode(value.properties)) {
    for (const [name, property] of Object.entries(value.properties)) {
      const at = `${path}/properties/${escapeSegment(name)}`;
      if (!GEMINI_PARAMETER_NAME_PATTERN.test(name)) {
        report(
          walk,
          at,
          'invalid-name',
          `parameter name "${name}" does not match ${GEMINI_PARAMETER_NAME_PATTERN.source}`,
        );
      }
      checkNode(property, at, walk);
    }
  }
  if (isNode(value.items)) checkNode(value.items, `${path}/items`, walk);
  if (Array.isArray(value.anyOf)) {
    for (const [index, branch] of value.anyOf.entries()) {
      checkNode(branch, `${path}/anyOf/${index}`, walk);
    }
  }
}

/**
 * What the `parameters` subset refuses beyond the shared checker's rules: type lists left
 * after the rewriting, enum values that are not strings, parameter names outside
 * {@link GEMINI_PARAMETER_NAME_PATTERN}. Worded and located like the shared checker's.
 */
export function checkParameters(
  schema: Node,
  about: { owner: string; moduleId?: string | undefined },
): StrictViolation[] {
  const walk: Walk = { owner: about.owner, moduleId: about.moduleId, violations: [] };
  checkNode(schema, '', walk);
  return walk.violations;
}
