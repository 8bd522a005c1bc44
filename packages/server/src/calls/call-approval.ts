import { ApprovalDeniedError, type Identity } from '@apcore-mcp/core';
import {
  type ApprovalHandler,
  type ApprovalRequest,
  type ApprovalResult,
  type McpElicitSender,
  type RegistryLike,
  redactSensitive,
  toJsonValue,
} from '@apcore-mcp/core/bridge';
import type { Logger } from '../kernel/logger.js';
import type { ToolCallTrace } from '../kernel/tool-call-trace.js';
import type { ApprovalOption, ToolApprovalHandler } from './approval-option.js';
import { ApprovalRequiredError } from './approval-required-error.js';
import type { CallObserver } from './call-observer.js';
import type { CallRounds } from './call-rounds.js';

/** What one call's {@link CallApproval} works with. */
export interface CallApprovalOptions {
  option: ApprovalOption;
  /** Asks the client; absent when the client cannot elicit. */
  elicit: McpElicitSender | undefined;
  /** On 2026-07-28, when the client can elicit: the call's rounds (asks by answering). */
  rounds?: CallRounds | undefined;
  identity: Identity | undefined;
  /** Where the approval reads what a module does, to show it to whoever approves. */
  registry: RegistryLike;
  logger: Logger;
  /** The call's trace: each decision gets an `approval <moduleId>` span. */
  trace?: ToolCallTrace | undefined;
  /** Hears every decision (metrics). */
  observer?: CallObserver | undefined;
  /** Told before the user is asked (the call is then never run again by a retry). */
  onAskUser?: (() => void) | undefined;
  /**
   * A call that becomes a task once its own module is approved: `becomeTask` ends the call's
   * quick part (it throws) as soon as `moduleId` is approved, before it runs.
   */
  taskOnceApproved?: { moduleId: string; becomeTask: () => Promise<void> } | undefined;
}

interface Decision {
  approved: boolean;
  how: 'policy' | 'elicit' | 'handler';
  reason: string;
  /** Nobody could be asked: the answer is "approval required", not "denied". */
  unaskable?: true;
}

/**
 * The approval of one tool call, for every module in it that requires approval. It is an
 * `ApprovalHandler`, so an executor that asks the handler a context carries (the core runtime's)
 * asks it after its ACL, nested calls included; for other executors the router calls
 * {@link CallApproval.check} before the call. Every decision is logged at info.
 */
export class CallApproval implements ApprovalHandler {
  readonly #options: CallApprovalOptions;

  constructor(options: CallApprovalOptions) {
    this.#options = options;
  }

  /** The executor's question. Throws {@link ApprovalRequiredError} when nobody can be asked. */
  async requestApproval(request: ApprovalRequest): Promise<ApprovalResult> {
    const decision = await this.#decide(request.moduleId, request.inputs);
    if (decision.unaskable) throw new ApprovalRequiredError({ moduleId: request.moduleId });
    return decision.approved
      ? { status: 'approved' }
      : { status: 'rejected', reason: decision.reason };
  }

  /**
   * The router's question, for executors that do not ask.
   *
   * @throws {ApprovalDeniedError} the call was not approved.
   * @throws {ApprovalRequiredError} nobody could be asked.
   */
  async check(moduleId: string, args: Record<string, unknown>): Promise<void> {
    const decision = await this.#decide(moduleId, args);
    if (decision.approved) return;
    if (decision.unaskable) throw new ApprovalRequiredError({ moduleId });
    throw new ApprovalDeniedError({ moduleId, reason: decision.reason });
  }

  async #decide(moduleId: string, args: Record<string, unknown>): Promise<Decision> {
    const { trace } = this.#options;
    const decision =
      trace === undefined
        ? await this.#reach(moduleId, args)
        : await trace.traceApproval(moduleId, async () => this.#reach(moduleId, args));
    const { approved, how, reason } = decision;
    const caller = this.#options.identity?.id;
    this.#options.logger.info(
      {
        moduleId,
        decision: approved ? 'approved' : 'denied',
        how,
        reason,
        ...(caller === undefined ? {} : { caller }),
      },
      `Approval ${approved ? 'granted' : 'denied'} for ${moduleId} (${how}: ${reason})`,
    );
    this.#options.observer?.approval?.({ approved, how });
    const task = this.#options.taskOnceApproved;
    if (approved && task?.moduleId === moduleId) await task.becomeTask();
    return decision;
  }

  #reach(moduleId: string, args: Record<string, unknown>): Promise<Decision> | Decision {
    const { option } = this.#options;
    if (option === 'allow') return { approved: true, how: 'policy', reason: "approval is 'allow'" };
    if (option === 'deny') return { approved: false, how: 'policy', reason: "approval is 'deny'" };
    if (typeof option === 'function') return this.#askHandler(option, moduleId, args);
    return this.#askUser(moduleId, args);
  }

  async #askHandler(
    handler: ToolApprovalHandler,
    moduleId: string,
    args: Record<string, unknown>,
  ): Promise<Decision> {
    const { identity, registry, logger } = this.#options;
    try {
      const approved = await handler({
        moduleId,
        description: readModule(registry, moduleId).description,
        // A copy: a handler must not be able to change what runs.
        arguments: copyArguments(args),
        ...(identity === undefined ? {} : { identity }),
      });
      return approved === true
        ? { approved: true, how: 'handler', reason: 'the handler returned true' }
        : { approved: false, how: 'handler', reason: 'the handler did not return true' };
    } catch (error) {
      logger.error({ err: error, moduleId }, 'The approval handler threw; the call is denied');
      return { approved: false, how: 'handler', reason: 'the handler threw' };
    }
  }

  async #askUser(moduleId: string, args: Record<string, unknown>): Promise<Decision> {
    const { elicit, rounds, registry, logger, onAskUser } = this.#options;
    const question = () => {
      const { description, inputSchema } = readModule(registry, moduleId);
      // Shown to the client, maybe to a screen or a log: secrets stay masked, as in the ledger.
      const shown = redactSensitive(args, inputSchema) as Record<string, unknown>;
      return {
        message: describeCall(moduleId, description, shown),
        requestedSchema: approvalSchema(),
      };
    };
    // 2026-07-28: answered from the rounds so far, or asked by ending this attempt.
    if (rounds !== undefined) {
      onAskUser?.();
      return decideFromAnswer(await rounds.approval(moduleId, args, question));
    }
    if (elicit === undefined) {
      return {
        approved: false,
        how: 'elicit',
        reason: 'the client cannot elicit',
        unaskable: true,
      };
    }
    let answer: Awaited<ReturnType<McpElicitSender>>;
    onAskUser?.();
    try {
      const { message, requestedSchema } = question();
      answer = await elicit(message, requestedSchema);
    } catch (error) {
      logger.warn({ err: error, moduleId }, 'Asking the client for approval failed');
      return { approved: false, how: 'elicit', reason: 'the elicitation failed' };
    }
    return decideFromAnswer(answer);
  }
}

/** Accept approves, whatever content comes with it; decline and cancel deny. */
function decideFromAnswer(answer: { action: 'accept' | 'decline' | 'cancel' }): Decision {
  if (answer.action === 'accept') {
    return { approved: true, how: 'elicit', reason: 'the user accepted' };
  }
  const reason = answer.action === 'decline' ? 'the user declined' : 'the user cancelled';
  return { approved: false, how: 'elicit', reason };
}

/**
 * What the approval shows of a module: its description as its registry has it (`''` when it
 * has none, or the registry fails) and its input schema (for masking `x-sensitive` values).
 */
function readModule(
  registry: RegistryLike,
  moduleId: string,
): { description: string; inputSchema: unknown } {
  try {
    const definition = registry.getDefinition(moduleId, { copy: false });
    const description = definition?.description;
    return {
      description: typeof description === 'string' ? description : '',
      inputSchema: definition?.inputSchema,
    };
  } catch {
    return { description: '', inputSchema: undefined };
  }
}

/**
 * The question the user sees: which module, what it does, and what it will get (`args` as
 * shown: `x-sensitive` values already masked).
 */
export function describeCall(
  moduleId: string,
  description: string,
  args: Record<string, unknown>,
): string {
  const lines = [`Approve running ${moduleId}?`];
  if (description !== '') lines.push('', description);
  lines.push('', 'Arguments:', JSON.stringify(toJsonValue(args), null, 2));
  return lines.join('\n');
}

/**
 * The form of the question: no field at all. The client's Accept approves and its Decline or
 * Cancel denies; a field a person must also tick would turn an Accept into a denial.
 */
function approvalSchema(): Record<string, unknown> {
  return { type: 'object', properties: {} };
}

function copyArguments(args: Record<string, unknown>): Record<string, unknown> {
  try {
    return structuredClone(args);
  } catch {
    return toJsonValue(args) as Record<string, unknown>;
  }
}
