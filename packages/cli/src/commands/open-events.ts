import type { EventBackend, Logger } from '@apcore-mcp/core/bridge';
import { CliError } from '../cli-error.js';
import {
  describeSource,
  flagSetting,
  numberSetting,
  type ResolvedSettings,
  sourceOf,
  textSetting,
} from '../settings/settings.js';
import { reachStore } from './reach-store.js';

/** The settings that mean something only with `--events`. */
const DELIVERY_KEYS = ['event-delivery', 'event-delivery-lock'] as const;

/**
 * The Redis event backend of `--events` (`@apcore-mcp/events-redis`, loaded with the flag
 * only), keeping each event type's occurrences as long and as many as `--event-retention` and
 * `--event-buffer` say, and retrying deliveries `--webhook-attempts` times; `undefined` without
 * `--events`. This process delivers webhooks for `worker`, and for `serve` unless
 * `--no-event-delivery`. The server closes it on shutdown.
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1) when `--event-delivery` or
 *   `--event-delivery-lock` is given without `--events`; `STARTUP_FAILED` (exit 2) when Redis
 *   cannot be reached.
 * @example
 * ```ts
 * const eventBackend = await openEvents(resolved, logger, { worker: false });
 * ```
 */
export async function openEvents(
  resolved: ResolvedSettings,
  logger: Logger,
  role: { worker: boolean },
): Promise<EventBackend | undefined> {
  const url = textSetting(resolved, 'events');
  if (url === undefined) {
    refuseDeliveryWithoutEvents(resolved);
    return undefined;
  }
  const lock = numberSetting(resolved, 'event-delivery-lock');
  const { createRedisEventBackend } = await import('@apcore-mcp/events-redis');
  return reachStore(resolved, 'events', 'event store', () =>
    createRedisEventBackend({
      connection: url,
      logger,
      runDeliveries: role.worker || flagSetting(resolved, 'event-delivery'),
      ...(lock === undefined ? {} : { lockDurationMs: lock * 1000 }),
      ...(resolved.serveOptions.webhookAttempts === undefined
        ? {}
        : { attempts: resolved.serveOptions.webhookAttempts }),
    }),
  );
}

/**
 * Refuses `--event-delivery` or `--event-delivery-lock` given without `--events`: they would
 * silently do nothing. Called before anything loads.
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1) naming where the setting came from.
 * @example
 * ```ts
 * refuseDeliveryWithoutEvents(resolved);
 * ```
 */
export function refuseDeliveryWithoutEvents(resolved: ResolvedSettings): void {
  if (textSetting(resolved, 'events') !== undefined) return;
  for (const key of DELIVERY_KEYS) {
    const source = sourceOf(resolved, key);
    if (source.kind === 'default') continue;
    const named =
      source.kind === 'flag' && resolved.values[key] === false
        ? `--no-${key}`
        : describeSource(source);
    throw new CliError(
      `${named} needs --events redis://HOST:PORT: without it events stay in this process, which delivers its own webhooks`,
      { code: 'INVALID_ARGUMENT' },
    );
  }
}
