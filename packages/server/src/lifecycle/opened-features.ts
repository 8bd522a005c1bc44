import type { IncomingMessage } from 'node:http';
import { composeSteps } from '@apcore-mcp/core/bridge';
import type { CallMiddleware } from '../calls/pipeline/call-middleware.js';
import type { HttpFeatureFrame, OpenedFeature } from '../feature-api/server-feature.js';
import type { HttpRoute } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import { featureFrameOf, featuresWithOptions } from '../options/feature-options.js';
import type { ResolvedOptions } from '../options/serve-options.js';

/**
 * The features one server opened, in the feature list's order, and what they add to the frame
 * taken together.
 *
 * @example
 * ```ts
 * const features = await openFeatures(resolved, logger);
 * const routes = features.httpRoutes(frame);
 * ```
 */
export class OpenedFeatures {
  readonly #opened: ReadonlyMap<string, OpenedFeature>;

  constructor(opened: ReadonlyMap<string, OpenedFeature>) {
    this.#opened = opened;
  }

  /** Every open feature's HTTP routes, the earlier feature's first. */
  httpRoutes(frame: HttpFeatureFrame): HttpRoute[] {
    return [...this.#opened.values()].flatMap((feature) => feature.httpRoutes?.(frame) ?? []);
  }

  /** The features' call guards as one step (`undefined` when none has one). */
  get callGuard(): CallMiddleware | undefined {
    const guards = [...this.#opened.values()].flatMap((feature) => feature.callGuard ?? []);
    if (guards.length <= 1) return guards[0];
    return (call, next) => composeSteps(guards, () => next())(call);
  }

  /** Shows an admitted MCP request to every feature that looks at them. */
  readonly onAdmittedRequest = (request: IncomingMessage): void => {
    for (const feature of this.#opened.values()) feature.onAdmittedRequest?.(request);
  };

  /** Has the named feature tell where it is once the server listens; its address, if any. */
  announce(name: string, serverUrl: string | undefined): string | undefined {
    return serverUrl === undefined ? undefined : this.#opened.get(name)?.announce?.(serverUrl);
  }
}

/**
 * Opens every feature for one server, each with its own resolved options (loading what they
 * need: a missing optional package stops the start here).
 *
 * @example
 * ```ts
 * const features = await openFeatures(resolved, logger);
 * ```
 */
export async function openFeatures(
  resolved: ResolvedOptions,
  logger: Logger,
): Promise<OpenedFeatures> {
  const frame = featureFrameOf(resolved, logger);
  const opened = await Promise.all(
    featuresWithOptions(resolved).map(
      async ({ feature, options }) => [feature.name, await feature.open?.(options, frame)] as const,
    ),
  );
  return new OpenedFeatures(
    new Map(opened.filter((entry): entry is [string, OpenedFeature] => entry[1] !== undefined)),
  );
}
