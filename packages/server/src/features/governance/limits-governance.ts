import type { Identity } from '@apcore-mcp/core';
import type { Logger } from '@apcore-mcp/core/bridge';
import type { CallAdmission, GovernedCall } from '../../calls/call-governance.js';
import { refuseStoreUnavailable } from '../../calls/store-unavailable.js';
import type { ToolCallResult } from '../../kernel/tool-call-result.js';
import type { LimitCounter, LimitDecision, LimitStore } from '../../store/limit-store.js';
import { selectLimitSet } from './limit-overrides.js';
import { type LimitKind, refuseOverCostCap, refuseOverLimit } from './limit-refusal.js';
import type { LimitSet } from './limit-set.js';
import { toWindowedLimits, type WindowedLimit, type WindowLimits } from './limit-windows.js';
import type { ResolvedLimits } from './limits-option.js';

/**
 * Rate limits and budgets as a {@link CallGovernance}. The store is not its own: whoever opened
 * it closes it.
 *
 * @example
 * ```ts
 * const limits: LimitsGovernance = createLimitsGovernance({ limits, store, costOf, logger });
 * ```
 */
export interface LimitsGovernance extends CallAdmission {
  admit(call: GovernedCall): Promise<ToolCallResult | undefined>;
  /**
   * Admits a request other than a tool call (`resources/read`, `prompts/get`,
   * `completion/complete`) of `subject`: it counts as one call toward `limits.calls` (it has no
   * cost and destroys nothing, so budgets and destructive limits do not apply).
   */
  admitRequest(
    subject: string,
    identity: Identity | undefined,
  ): Promise<ToolCallResult | undefined>;
}

/** What the counters of one call or request depend on. */
interface Counted {
  readonly subject: string;
  readonly destructive: boolean;
  readonly cost: number;
  /** The limits the caller is held to (the default set, or its subject's or role's). */
  readonly limits: LimitSet;
}

/** One counter a call adds to, with what its refusal needs to say. */
interface PlannedCounter {
  readonly kind: LimitKind;
  readonly window: WindowedLimit;
  readonly counter: LimitCounter;
}

/**
 * Admits a call only if its subject stays within every limit: calls, destructive calls (tools
 * annotated destructive, in addition), and the budget (the module's cost); a call costing more
 * than `maxCostPerCall` is refused first. Each caller is held to its own set (see
 * {@link selectLimitSet}); counters are per subject whatever the set. The store checks and
 * counts all of them at once, so a refused call counts toward nothing. When the store fails the
 * call is refused (fail closed) and a WARN is logged once until the store answers again.
 *
 * @example
 * ```ts
 * const limits = createLimitsGovernance({
 *   limits: resolveLimits({ calls: '60/min' })!,
 *   store: createMemoryLimitStore(),
 *   costOf: () => 0,
 *   logger,
 * });
 * const refusal = await limits.admit(call);
 * ```
 */
export function createLimitsGovernance(options: {
  limits: ResolvedLimits;
  store: LimitStore;
  /** A module's cost per call (its `metadata.cost`). */
  costOf: (moduleId: string) => number;
  logger: Logger;
}): LimitsGovernance {
  const { limits, store, costOf, logger } = options;
  let storeFailing = false;
  const consume = async (
    planned: PlannedCounter[],
    now: number,
    dryRun = false,
  ): Promise<LimitDecision> => {
    const counters = planned.map((entry) => entry.counter);
    // A dry run asks what consuming would decide; a store that cannot tell says admitted.
    const decision = dryRun
      ? ((await store.peek?.(counters, now)) ?? { admitted: true })
      : await store.consume(counters, now);
    if (storeFailing) logger.info('Limit store answering again');
    storeFailing = false;
    return decision;
  };
  const admitCounted = async (
    counted: Counted,
    dryRun = false,
  ): Promise<ToolCallResult | undefined> => {
    const now = limits.now();
    const cap = counted.limits.maxCostPerCall;
    if (cap !== undefined && counted.cost > cap) return refuseOverCostCap(counted.cost, cap);
    const planned = planCounters(counted, now);
    if (planned.length === 0) return undefined;
    let decision: LimitDecision;
    try {
      decision = await consume(planned, now, dryRun);
    } catch (error) {
      if (!storeFailing) logger.warn({ err: error }, 'Limit store unavailable; refusing calls');
      storeFailing = true;
      return refuseStoreUnavailable();
    }
    if (decision.admitted) return undefined;
    const refused = planned[decision.refused];
    if (refused === undefined) return refuseStoreUnavailable();
    const { kind, window } = refused;
    const { cost } = counted;
    return refuseOverLimit({ kind, limit: window, cost, current: decision.current, now });
  };
  const limitsOf = (subject: string, identity: Identity | undefined): LimitSet =>
    selectLimitSet(limits, limits.overrides, subject, identity);
  return {
    admit: (call) => admitCounted(countedCall(call, limitsOf, costOf)),
    check: (call) => admitCounted(countedCall(call, limitsOf, costOf), true),
    admitRequest: (subject, identity) =>
      admitCounted({ subject, destructive: false, cost: 0, limits: limitsOf(subject, identity) }),
  };
}

/** What `call` counts toward under the limit set it is held to. */
function countedCall(
  call: GovernedCall,
  limitsOf: (subject: string, identity: Identity | undefined) => LimitSet,
  costOf: (moduleId: string) => number,
): Counted {
  const held = limitsOf(call.subject, call.identity);
  const costs = hasLimits(held.budget) || held.maxCostPerCall !== undefined;
  return {
    subject: call.subject,
    destructive: call.served.tool.annotations?.destructiveHint === true,
    cost: costs ? costOf(call.served.moduleId) : 0,
    limits: held,
  };
}

function hasLimits(limits: WindowLimits): boolean {
  return Object.values(limits).some((limit) => limit !== undefined);
}

/** Every counter this call adds to, in the order refusals are reported. */
function planCounters(counted: Counted, now: number): PlannedCounter[] {
  // Braces: a Redis Cluster keeps every counter of one subject in one slot, as a script needs.
  const subject = `{${encodeURIComponent(counted.subject)}}`;
  const { destructive, cost, limits } = counted;
  const planned: PlannedCounter[] = [];
  const add = (kind: LimitKind, windowLimits: WindowLimits, amount: number): void => {
    for (const window of toWindowedLimits(windowLimits, now)) {
      const key = `${subject}:${kind}:${window.window}:${window.startsAt}`;
      const counter = { key, amount, limit: window.limit, expiresAt: window.endsAt };
      planned.push({ kind, window, counter });
    }
  };
  add('calls', limits.calls, 1);
  if (destructive) add('destructiveCalls', limits.destructiveCalls, 1);
  // A free call spends nothing: it needs no budget counter.
  if (cost > 0) add('budget', limits.budget, cost);
  return planned;
}

/**
 * The limits the `limits` option asks for, counted in `store`: `undefined` without it.
 *
 * @example
 * ```ts
 * const limits = openLimitsGovernance(resolved.limits, store, moduleCostReader(registry), logger);
 * const governance = combineGovernance([limits]);
 * ```
 */
export function openLimitsGovernance(
  limits: ResolvedLimits | undefined,
  store: LimitStore,
  costOf: (moduleId: string) => number,
  logger: Logger,
): LimitsGovernance | undefined {
  if (limits === undefined) return undefined;
  return createLimitsGovernance({ limits, store, costOf, logger });
}
