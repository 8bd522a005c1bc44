import {
  defineServerFeature,
  type FeatureFrame,
  type ResolvedFeatureOptions,
} from '../../feature-api/server-feature.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { EVENT_OPTIONS } from './events-options.js';

/** The longest heartbeat interval the SEP lets a stream have. */
const MAX_HEARTBEAT_MS = 30_000;

type EventOptions = ResolvedFeatureOptions<typeof EVENT_OPTIONS>;

/**
 * The MCP events extension (SEP-3415, 2026-07-28): the event types of the `eventTypes` option
 * and the server's built-ins, emitted by modules and the application, kept in a log (this
 * process's memory, or the `eventBackend` given) and read by `events/poll`. Declared only while
 * a type is served; always on, like tasks.
 *
 * @example
 * ```ts
 * const features = [EVENTS_FEATURE];
 * ```
 */
export const EVENTS_FEATURE = defineServerFeature({
  name: 'events',
  options: EVENT_OPTIONS,
  checkOptions: (options, frame) => {
    if (options.eventHeartbeatMs > MAX_HEARTBEAT_MS) {
      refuse(
        'eventHeartbeatMs',
        options.eventHeartbeatMs,
        `at most ${MAX_HEARTBEAT_MS} ms (the SEP's bound)`,
      );
    }
    if (options.webhookAttempts > 10) {
      refuse('webhookAttempts', options.webhookAttempts, 'at most 10');
    }
    if (frame.transport === 'stdio') noticeWebhookOptionsOverStdio(options, frame);
  },
  // Loaded when it opens: the option table and its checks never need the extension's code.
  open: async (options, frame, runtime) =>
    (await import('./open-events.js')).openEvents(options, frame, runtime),
});

/** Valid, but without effect: stdio serves poll and push, never webhooks. */
function noticeWebhookOptionsOverStdio(options: EventOptions, frame: FeatureFrame): void {
  for (const option of ['webhookAllowHttp', 'webhookAllowPrivate'] as const) {
    if (!options[option]) continue;
    frame.logger.info(
      { option },
      `${option} has no effect over stdio: webhooks are served over HTTP only (stdio serves poll and push)`,
    );
  }
}

function refuse(option: string, value: number, expected: string): never {
  throw new InvalidOptionError({
    option,
    value,
    expected,
    sentence: [{ option }, ` must be ${expected}`],
  });
}
