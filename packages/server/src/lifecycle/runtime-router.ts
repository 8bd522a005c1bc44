import type { CallStep, TaskEngine } from '@apcore-mcp/core';
import { ExecutionRouter } from '../calls/execution-router.js';
import type { CallMiddleware } from '../calls/pipeline/call-middleware.js';
import type { CallSlot, RequestSlot } from '../feature-api/server-feature.js';
import type { Logger } from '../kernel/logger.js';
import type { ToolsFor } from '../kernel/served-tool.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { RequestPipeline } from '../requests/request-pipeline.js';
import type { RequestStep } from '../requests/request-step.js';
import type { ToolSearch } from '../search/tool-search.js';
import type { RoundClaims } from '../store/round-claims.js';
import { createTaskEntry } from '../tasks/task-entry.js';
import type { ToolTable } from '../tools/tool-table.js';
import type { ToolVisibility } from '../tools/tool-visibility.js';
import type { ResolvedTarget } from './resolve-target.js';

/**
 * The router of every call of a runtime: its executor and tools, and the pipeline entries of
 * the features the options turn on (tool search, the features' guard, tasks), the features'
 * steps by slot (tracing, limits, the ledger...).
 *
 * @example
 * ```ts
 * const router = createRuntimeRouter({ target, options, tools, logger, tasks, ... });
 * ```
 */
export function createRuntimeRouter(parts: {
  target: ResolvedTarget;
  options: ResolvedOptions;
  tools: ToolTable;
  logger: Logger;
  /** Set when callers see different tools: `toolsFor` then cuts grouped calls' actions. */
  visibility: ToolVisibility | undefined;
  toolsFor: ToolsFor;
  roundClaims: RoundClaims;
  tasks: TaskEngine;
  /** With `toolSearch`: its step answers `search_tools` and resolves `call_tool`. */
  toolSearch: ToolSearch | undefined;
  /**
   * The open features' steps by slot, and their guard before any check (a read-only
   * inspector page's refusal).
   */
  features: { steps: Partial<Record<CallSlot, CallMiddleware>>; guard: CallMiddleware | undefined };
}): ExecutionRouter {
  const { target, options } = parts;
  warnWhenRedactionIsOff(options, parts.logger);
  return new ExecutionRouter({
    executor: target.executor,
    tools: parts.tools,
    logger: parts.logger,
    validateInputs: options.validateInputs,
    maxResultBytes: options.maxResultBytes,
    redactOutput: options.redactOutput,
    callTimeoutMs: options.callTimeoutMs,
    approval: options.approval,
    entries: withFeatureSteps(
      {
        search: parts.toolSearch?.entry,
        guard: parts.features.guard,
        task: createTaskEntry(parts.tasks, { approvalAsksUser: options.approval === 'elicit' }),
      },
      parts.features.steps,
    ),
    roundClaims: parts.roundClaims,
    ...(parts.visibility === undefined ? {} : { toolsFor: parts.toolsFor }),
    ...(options.contextFactory === undefined ? {} : { contextFactory: options.contextFactory }),
    ...(options.identity === undefined ? {} : { identity: options.identity }),
  });
}

/**
 * The pipeline of every other request of a runtime (reads, prompts, completions, lists...):
 * the router's shutdown gate, and the steps of the features the options turn on, by slot
 * (tracing, limits, the ledger). Metrics join when they have loaded (`observer`).
 *
 * @example
 * ```ts
 * const requests = createRuntimeRequests({ router, options, logger, features });
 * ```
 */
export function createRuntimeRequests(parts: {
  router: ExecutionRouter;
  options: ResolvedOptions;
  logger: Logger;
  /** The open features' steps by slot. */
  features: Partial<Record<RequestSlot, RequestStep>>;
}): RequestPipeline {
  const { options } = parts;
  return new RequestPipeline({
    gate: parts.router,
    logger: parts.logger,
    identity: options.identity,
    maxResultBytes: options.maxResultBytes,
    steps: parts.features,
  });
}

/**
 * The frame's steps by slot with the features' after them in the same slot: a slot holding
 * both runs the frame's first.
 */
function withFeatureSteps<Slot extends string, Call, Answer>(
  frame: Partial<Record<Slot, CallStep<Call, Answer> | undefined>>,
  features: Partial<Record<Slot, CallStep<Call, Answer>>>,
): Partial<Record<Slot, CallStep<Call, Answer> | undefined>> {
  const merged = { ...frame };
  for (const [slot, step] of Object.entries(features) as [Slot, CallStep<Call, Answer>][]) {
    const before = merged[slot];
    merged[slot] =
      before === undefined ? step : (call, next) => before(call, () => step(call, next));
  }
  return merged;
}

/** Said once at start: results then carry the secrets modules return. */
function warnWhenRedactionIsOff(
  options: Pick<ResolvedOptions, 'redactOutput'>,
  logger: Logger,
): void {
  if (options.redactOutput) return;
  logger.warn(
    { option: 'redactOutput' },
    'Output redaction is off (redactOutput: false, --no-redact-output): values marked x-sensitive and _secret_ keys reach clients as modules return them',
  );
}
