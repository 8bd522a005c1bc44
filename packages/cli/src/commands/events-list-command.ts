import type { EventTypeDefinition } from '@apcore-mcp/core';
import { EVENT_DELIVERY_MODES, isDefinition } from '@apcore-mcp/core/bridge';
import { ExitCode } from '../exit-codes.js';
import { formatTable } from '../format-table.js';
import type { CliIo } from '../io.js';
import type { ResolvedSettings } from '../settings/settings.js';
import { loadModulesForListing, reportSkipped } from './load-modules-for-listing.js';

/** One event type as `events list --json` prints it. */
interface ListedEventType {
  name: string;
  description: string;
  delivery: string[];
  inputSchema: unknown;
  payloadSchema: unknown;
}

/**
 * The delivery modes a type offers: the ones it allows, poll only when it keeps a history
 * (polling reads by cursor). Webhooks go to authenticated callers over HTTP only, which the
 * server decides per caller.
 */
function deliveryOf(type: EventTypeDefinition): string[] {
  return (type.delivery ?? EVENT_DELIVERY_MODES).filter((mode) => mode !== 'poll' || type.replay);
}

/**
 * `apcore-mcp events list`: the event types the extensions directory defines (name, delivery
 * modes, description), as a table or, with `--json`, as `{ events, skipped }`. Offline: no
 * server is started; the server's own types (`apcore-mcp.task.finished`) are not listed.
 */
export async function runEventsListCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const { registry, skippedFiles } = await loadModulesForListing(resolved);
  const events: ListedEventType[] = registry.definitions.flatMap((definition) =>
    isDefinition(definition, 'eventType')
      ? [
          {
            name: definition.name,
            description: definition.description,
            delivery: deliveryOf(definition),
            inputSchema: definition.inputSchema,
            payloadSchema: definition.payloadSchema,
          },
        ]
      : [],
  );
  if (flags.json === true) {
    io.stdout.write(`${JSON.stringify({ events, skipped: skippedFiles }, null, 2)}\n`);
  } else {
    const rows = events.map((type) => [
      type.name,
      type.delivery.join(', '),
      type.description === '' ? '-' : type.description,
    ]);
    io.stdout.write(formatTable(['NAME', 'DELIVERY', 'DESCRIPTION'], rows));
  }
  reportSkipped(skippedFiles, io);
  io.stderr.write(`${events.length} event ${events.length === 1 ? 'type' : 'types'}\n`);
  return ExitCode.Success;
}
