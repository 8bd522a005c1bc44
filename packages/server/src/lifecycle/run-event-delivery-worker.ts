import type { EventBackend } from '@apcore-mcp/core/bridge';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import { loadOptionalPackage } from '../kernel/load-optional-package.js';
import type { ServeOptions } from '../options/serve-options.js';
import type { RegistryOrExecutor } from './resolve-target.js';
import { openWorker, type TaskWorkerHandle } from './run-task-worker.js';

/**
 * The options of {@link runEventDeliveryWorker}: those of `serve()`, with `eventBackend`
 * required (one shared with the servers). `eventTypes` should be the servers' (an occurrence
 * of a type the worker does not serve ends its subscriptions), and `stateKey` theirs too: the
 * cursor each delivery carries is signed with it. With `tasks`, the worker runs task attempts
 * as well.
 *
 * @example
 * ```ts
 * const options: EventDeliveryWorkerOptions = { eventBackend, eventTypes, stateKey, handleSignals: true };
 * ```
 */
export type EventDeliveryWorkerOptions = ServeOptions & { eventBackend: EventBackend };

/**
 * Delivers the webhooks that servers elsewhere took subscriptions for, with no MCP endpoint:
 * each delivery goes through the same checks as a server's (the subscriber's access to the
 * type re-checked through the executor's ACL, the URL guard, signing with the subscription's
 * secrets). With `handleSignals: true` it stops on SIGINT/SIGTERM.
 *
 * @throws {InvalidOptionError} without `eventBackend` or one with no webhooks, or for a bad
 *   option, before anything starts.
 * @throws {MissingPackageError} when `@apcore-mcp/webhooks` is not installed.
 * @example
 * ```ts
 * import { createRedisEventBackend } from '@apcore-mcp/events-redis';
 * import { runEventDeliveryWorker } from '@apcore-mcp/server/worker';
 *
 * const eventBackend = await createRedisEventBackend({ connection: 'redis://127.0.0.1:6379' });
 * const worker = await runEventDeliveryWorker(registry, { eventBackend, stateKey, handleSignals: true });
 * await worker.closed;
 * ```
 */
export async function runEventDeliveryWorker(
  registryOrExecutor: RegistryOrExecutor,
  options: EventDeliveryWorkerOptions,
): Promise<TaskWorkerHandle> {
  if (options?.eventBackend?.webhooks === undefined) {
    const expected =
      'an event backend shared with the servers, with webhooks, such as createRedisEventBackend(...)';
    throw new InvalidOptionError({ option: 'eventBackend', value: undefined, expected });
  }
  if (options.eventWebhooks === false) {
    const expected = 'true (or absent): the worker delivers webhooks';
    throw new InvalidOptionError({ option: 'eventWebhooks', value: false, expected });
  }
  // Said here, not as the feature's notice: a delivery worker that cannot deliver is no worker.
  await loadOptionalPackage(
    '@apcore-mcp/webhooks',
    'webhook delivery of events (apcore-mcp worker --events)',
    () => import('@apcore-mcp/webhooks'),
  );
  // The events feature delivers a shared backend's webhooks even with no HTTP endpoint.
  return openWorker(registryOrExecutor, options, 'event delivery');
}
