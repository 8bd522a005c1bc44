import { ExecutionRouter } from '../calls/execution-router.js';
import type { CallSteps, RequestSlot } from '../feature-api/server-feature.js';
import type { EventHub } from '../kernel/event-hub.js';
import type { Logger } from '../kernel/logger.js';
import type { ToolsFor } from '../kernel/served-tool.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import { RequestPipeline } from '../requests/request-pipeline.js';
import type { RequestStep } from '../requests/request-step.js';
import type { RoundClaims } from '../store/round-claims.js';
import type { ToolTable } from '../tools/tool-table.js';
import type { ToolVisibility } from '../tools/tool-visibility.js';
import type { ResolvedTarget } from './resolve-target.js';

/**
 * The router of every call of a runtime: its executor and tools, and the pipeline entries of
 * the features the options turn on, by slot (tracing, limits, the ledger, tool search, the
 * features' guard, tasks).
 *
 * @example
 * ```ts
 * const router = createRuntimeRouter({ target, options, tools, logger, features, ... });
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
  /** The open features' steps by slot (see `CallSlot`). */
  features: CallSteps;
  /** Where modules' emits go (the runtime's event hub slot). */
  events: EventHub;
}): ExecutionRouter {
  const { events } = parts;
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
    entries: parts.features,
    roundClaims: parts.roundClaims,
    // A module names no audience: its occurrences go to whoever may see the type.
    emitEvent: (name, data, emitOptions) => events.emit(name, data, emitOptions),
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
