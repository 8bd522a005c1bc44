import type { IncomingMessage } from 'node:http';
import { type CallStep, composeSteps } from '@apcore-mcp/core/bridge';
import type { FeatureRuntime } from '../feature-api/feature-runtime.js';
import type {
  CallSlot,
  CallSteps,
  HttpFeatureFrame,
  OpenedFeature,
  RequestSlot,
  ServerObserver,
  StartedRuntime,
} from '../feature-api/server-feature.js';
import type { HttpAuthenticator } from '../kernel/http-authenticator.js';
import type { HttpRoute } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { NotServedEntry } from '../kernel/not-served.js';
import { featureFrameOf, featuresWithOptions } from '../options/feature-options.js';
import type { ResolvedOptions } from '../options/serve-options.js';
import type { SurfacePart } from '../protocol/surface-part.js';
import type { RequestStep } from '../requests/request-step.js';

/**
 * The features one server opened, in the feature list's order, and what they add to the frame
 * taken together.
 *
 * @example
 * ```ts
 * const features = await openFeatures(resolved, logger, runtime);
 * const routes = features.httpRoutes(frame);
 * ```
 */
export class OpenedFeatures {
  readonly #opened: ReadonlyMap<string, OpenedFeature>;

  constructor(opened: ReadonlyMap<string, OpenedFeature>) {
    this.#opened = opened;
  }

  get #all(): OpenedFeature[] {
    return [...this.#opened.values()];
  }

  /** Every open feature's HTTP routes, the earlier feature's first. */
  httpRoutes(frame: HttpFeatureFrame): HttpRoute[] {
    return this.#all.flatMap((feature) => feature.httpRoutes?.(frame) ?? []);
  }

  /**
   * The features' steps of a tool call's pipeline, one step per slot; a feature's `callGuard`
   * runs first in the `guard` slot.
   */
  callSteps(): CallSteps {
    const all: CallSteps[] = this.#all.flatMap((feature) => [
      feature.callGuard === undefined ? {} : { guard: feature.callGuard },
      feature.callSteps ?? {},
    ]);
    const inSlot = <Slot extends CallSlot>(slot: Slot) =>
      all.flatMap((steps) => steps[slot] ?? []) as NonNullable<CallSteps[Slot]>[];
    return {
      tracing: composeSlot(inSlot('tracing')),
      record: composeSlot(inSlot('record')),
      search: composeSlot(inSlot('search')),
      guard: composeSlot(inSlot('guard')),
      admit: composeSlot(inSlot('admit')),
      task: composeSlot(inSlot('task')),
    };
  }

  /** The features' steps of every other request's pipeline, one step per slot. */
  requestSteps(): Partial<Record<RequestSlot, RequestStep>> {
    return bySlot(this.#all.map((feature) => feature.requestSteps ?? {}));
  }

  /** How HTTP requests are authenticated (the first feature giving it); none: they are not. */
  get authenticator(): HttpAuthenticator | undefined {
    return this.#all.find((feature) => feature.authenticator !== undefined)?.authenticator;
  }

  /** What the features serve over MCP, in the list's order. */
  get surfaceParts(): SurfacePart[] {
    return this.#all.flatMap((feature) => feature.surface ?? []);
  }

  /** What clients are shown instead of the served tools, when a feature lists its own. */
  get listedTools(): (() => McpTool[]) | undefined {
    const listing = this.#all.find((feature) => feature.listedTools !== undefined);
    return listing?.listedTools?.bind(listing);
  }

  /** Shows an admitted MCP request to every feature that looks at them. */
  readonly onAdmittedRequest = (request: IncomingMessage): void => {
    for (const feature of this.#opened.values()) feature.onAdmittedRequest?.(request);
  };

  /** Has the named feature tell where it is once the server listens; its address, if any. */
  announce(name: string, serverUrl: string | undefined): string | undefined {
    return this.#opened.get(name)?.announce?.(serverUrl);
  }

  /** Starts what the features run outside requests, once the router runs calls. */
  start(runtime: StartedRuntime): void {
    for (const feature of this.#all) feature.start?.(runtime);
  }

  /**
   * Starts what the features need only when a host serves clients itself, in the list's order;
   * the first observer one of them gives.
   */
  async startServing(runtime: StartedRuntime): Promise<ServerObserver | undefined> {
    let observer: ServerObserver | undefined;
    for (const feature of this.#all) {
      const given = await feature.startServing?.(runtime);
      observer ??= given;
    }
    return observer;
  }

  /** Has every feature read what it serves once the tools are loaded, in the list's order. */
  async ready(): Promise<void> {
    for (const feature of this.#all) await feature.ready?.();
  }

  /** Tells every feature that what the application defines changed. */
  definitionsChanged(): void {
    for (const feature of this.#all) feature.definitionsChanged?.();
  }

  /** Lets what the features run finish, while the router still takes calls; never rejects. */
  async drain(logger: Logger): Promise<void> {
    await settleEach(this.#all, (feature) => feature.drain?.(), logger, 'drain');
  }

  /** Closes what the features hold, after the last call answered; never rejects. */
  async close(logger: Logger): Promise<void> {
    await settleEach(this.#all, (feature) => feature.close?.(), logger, 'close');
  }

  /** Stops what the features follow. */
  stop(): void {
    for (const feature of this.#all) feature.stop?.();
  }

  /** What the features were given but do not serve. */
  notServed(): NotServedEntry[] {
    return this.#all.flatMap((feature) => feature.notServed?.() ?? []);
  }
}

/**
 * Opens every feature for one server, one after the other in the list's order, each with its
 * own resolved options and the runtime's shared parts (loading what they need: a missing
 * optional package stops the start here). When one fails to open, those opened before it are
 * closed again and the error is thrown. `features`: the list's, each with its options.
 *
 * @example
 * ```ts
 * const features = await openFeatures(resolved, logger, runtime);
 * ```
 */
export async function openFeatures(
  resolved: ResolvedOptions,
  logger: Logger,
  runtime: FeatureRuntime,
  features = featuresWithOptions(resolved),
): Promise<OpenedFeatures> {
  const frame = featureFrameOf(resolved, logger);
  const opened = new Map<string, OpenedFeature>();
  for (const { feature, options } of features) {
    try {
      const part = await feature.open?.(options, frame, runtime);
      if (part !== undefined) opened.set(feature.name, part);
    } catch (error) {
      await new OpenedFeatures(opened).close(logger);
      throw error;
    }
  }
  return new OpenedFeatures(opened);
}

/** Steps given by slot, several of one slot composed in order into one. */
function bySlot<Slot extends string, Call, Answer>(
  all: readonly Partial<Record<Slot, CallStep<Call, Answer>>>[],
): Partial<Record<Slot, CallStep<Call, Answer>>> {
  const slots = new Map<Slot, CallStep<Call, Answer>[]>();
  for (const steps of all) {
    for (const [slot, step] of Object.entries(steps) as [Slot, CallStep<Call, Answer>][]) {
      slots.set(slot, [...(slots.get(slot) ?? []), step]);
    }
  }
  const composed: Partial<Record<Slot, CallStep<Call, Answer>>> = {};
  for (const [slot, steps] of slots) composed[slot] = composeSlot(steps);
  return composed;
}

/** Several steps of one slot as one: each hands on to the next, the last to the pipeline. */
function composeSlot<Call, Answer>(
  steps: readonly CallStep<Call, Answer>[],
): CallStep<Call, Answer> | undefined {
  if (steps.length <= 1) return steps[0];
  return (subject, next) => composeSteps(steps, () => next())(subject);
}

async function settleEach(
  features: readonly OpenedFeature[],
  run: (feature: OpenedFeature) => Promise<void> | undefined,
  logger: Logger,
  what: string,
): Promise<void> {
  for (const feature of features) {
    await run(feature)?.catch((error: unknown) => {
      logger.warn({ err: error }, `A feature could not ${what}`);
    });
  }
}
