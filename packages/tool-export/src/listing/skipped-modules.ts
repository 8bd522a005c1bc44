import type { GroupAction } from '@apcore-mcp/annotations';
import type { Logger } from '@apcore-mcp/core/bridge';
import { isSchemaNode } from '../strict/schema-node.js';

/**
 * A module left out of an export, once, with every reason.
 *
 * @example
 * ```ts
 * const entry: SkippedModule = { moduleId: 'my-module.run', reasons: ['Module id "my-module.run" contains a hyphen ...'], code: 'INVALID_TOOL_NAME' };
 * ```
 */
export interface SkippedModule {
  moduleId: string;
  /** Each reason once, in the order found. */
  reasons: string[];
  /** The first error's `code` when it had one (`INVALID_TOOL_NAME`, `STRICT_MODE_VIOLATION`, ...). */
  code?: string;
}

/** The message and code of anything thrown. */
export function describeFailure(error: unknown): { reason: string; code?: string } {
  const reason = error instanceof Error ? error.message : String(error);
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? { reason, code } : { reason };
}

/** The skipped modules of one export: one entry per module, however many reasons it gathers. */
export class SkippedModules {
  readonly #entries = new Map<string, SkippedModule>();

  /** Records why `moduleId` is left out; a reason already recorded for it is not repeated. */
  add(moduleId: string, reason: string, code?: string): void {
    const entry = this.#entries.get(moduleId);
    if (entry === undefined) {
      this.#entries.set(moduleId, {
        moduleId,
        reasons: [reason],
        ...(code === undefined ? {} : { code }),
      });
    } else if (!entry.reasons.includes(reason)) {
      entry.reasons.push(reason);
    }
  }

  /** Records a failure thrown while converting `moduleId`. */
  addFailure(moduleId: string, error: unknown): void {
    const { reason, code } = describeFailure(error);
    this.add(moduleId, reason, code);
  }

  /**
   * Records a grouped tool that could not be built, for every member: each is told what of the
   * failure is its own (the violations under the fields it declares), and a member with none
   * of its own is told which members took the group down.
   */
  addGroupFailure(group: string, members: readonly GroupAction[], error: unknown): void {
    const { reason, code } = describeFailure(error);
    const own = ownFailures(members, error);
    if (own === undefined) {
      for (const { moduleId } of members) {
        this.add(moduleId, `its group "${group}" cannot be exported: ${reason}`, code);
      }
      return;
    }
    const culprits = [...own.keys()];
    for (const { moduleId } of members) {
      this.add(
        moduleId,
        own.get(moduleId) ??
          `its group "${group}" is left out because of ${culprits.join(', ') || 'its merged schema'}`,
        code,
      );
    }
  }

  /** The entries, in the order their modules were first skipped. */
  list(): SkippedModule[] {
    return [...this.#entries.values()];
  }

  /** Warns once per skipped module, naming every reason. */
  warn(logger: Logger | undefined, provider: string): void {
    if (logger === undefined) return;
    for (const { moduleId, reasons } of this.#entries.values()) {
      const reason = reasons.join('\n');
      logger.warn(
        { moduleId, reason },
        `Skipping module "${moduleId}" for ${provider} tools: ${reason}`,
      );
    }
  }
}

interface LocatedViolation {
  path: string;
  message: string;
}

/** The located violations a strict-mode error carries, if it is one. */
function readViolations(error: unknown): LocatedViolation[] | undefined {
  const details =
    typeof error === 'object' && error !== null
      ? (error as { details?: unknown }).details
      : undefined;
  const violations = isSchemaNode(details) ? details.violations : undefined;
  if (!Array.isArray(violations)) return undefined;
  return violations.filter(
    (entry): entry is LocatedViolation =>
      isSchemaNode(entry) && typeof entry.path === 'string' && typeof entry.message === 'string',
  );
}

/**
 * What of a grouped tool's failure is each member's own, as that member's reason (the error's
 * heading and the violations under the fields it declares), for the members that have any;
 * `undefined` when the error locates no violations.
 */
export function ownFailures(
  members: readonly GroupAction[],
  error: unknown,
): Map<string, string> | undefined {
  const violations = readViolations(error);
  if (violations === undefined) return undefined;
  const { reason } = describeFailure(error);
  const [heading = reason] = reason.split('\n');
  const everyField = new Set(members.flatMap((member) => Object.keys(fieldsOf(member))));
  const own = new Map<string, string>();
  for (const member of members) {
    const lines = ownViolations(member, violations, everyField);
    if (lines.length > 0) {
      own.set(member.moduleId, `${heading}\n${lines.map((line) => `- ${line}`).join('\n')}`);
    }
  }
  return own;
}

function fieldsOf(member: GroupAction): Record<string, unknown> {
  const properties = member.inputSchema.properties;
  return isSchemaNode(properties) ? properties : {};
}

/**
 * A member's violations: those under a field it declares; those of the root or of a field no
 * member declares (the action field) belong to every member.
 */
function ownViolations(
  member: GroupAction,
  violations: readonly LocatedViolation[],
  everyField: ReadonlySet<string>,
): string[] {
  const declared = fieldsOf(member);
  return violations
    .filter(({ path }) => {
      const match = /^\/properties\/([^/]+)/.exec(path);
      if (match === null) return true;
      const field = (match[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
      return Object.hasOwn(declared, field) || !everyField.has(field);
    })
    .map(({ message }) => message);
}
