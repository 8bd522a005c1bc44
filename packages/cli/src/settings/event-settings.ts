import type { CliOnlySetting } from './cli-only-setting.js';

/**
 * The settings of the Redis event backend the command builds (`@apcore-mcp/events-redis`):
 * where events and webhook subscriptions live, whether this process delivers webhooks, and when
 * a silent instance's deliveries are taken over.
 *
 * @example
 * ```ts
 * EVENT_BACKEND_SETTINGS.map((setting) => setting.key); // ['events', 'event-delivery', 'event-delivery-lock']
 * ```
 */
export const EVENT_BACKEND_SETTINGS: readonly CliOnlySetting[] = [
  {
    concern: 'events',
    key: 'events',
    kind: 'store-url',
    help: "Keep events and webhook subscriptions in Redis (redis://host:port), shared by every server and `apcore-mcp worker` using it (default: this process's memory)",
  },
  {
    concern: 'events',
    key: 'event-delivery',
    kind: 'boolean',
    defaultOn: true,
    help: 'With --events, deliver webhooks from this process too; --no-event-delivery leaves them to the other instances and `apcore-mcp worker` processes',
  },
  {
    concern: 'events',
    key: 'event-delivery-lock',
    kind: 'integer',
    limits: { minimum: 1 },
    help: 'With --events, seconds an instance may go silent before another takes over its deliveries and the events it was handing out; a delivery cut off so runs once more (default 30)',
  },
];
