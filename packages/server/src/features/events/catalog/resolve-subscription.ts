import type { EventDeliveryMode, FieldError } from '@apcore-mcp/core';
import { eventNotFound, eventUnsupported, invalidEventParams } from '../wire/event-errors.js';
import type { EventCaller } from './event-caller.js';
import type { EventCatalog, ServedEventType } from './event-catalog.js';
import type { EventVisibility } from './event-visibility.js';

/**
 * The served type a request subscribes to by `mode`, once the caller may see it (else
 * `NotFound`: a hidden type is not revealed), the mode is offered to it (else `Unsupported`)
 * and the arguments match the type's `inputSchema` (else `InvalidParams`).
 *
 * @throws {ProtocolError} NotFound, Unsupported or InvalidParams.
 * @example
 * ```ts
 * const served = resolveSubscription({ catalog, visibility }, caller, 'stock.low', { sku: 'A' }, 'poll');
 * ```
 */
export function resolveSubscription(
  parts: { catalog: EventCatalog; visibility: EventVisibility },
  caller: EventCaller,
  request: { name: string; args: Record<string, unknown>; mode: EventDeliveryMode },
): ServedEventType {
  const { name, args, mode } = request;
  const served = parts.catalog.find(name);
  if (served === undefined || !parts.visibility.sees(served.type, caller.identity)) {
    throw eventNotFound('event', name);
  }
  if (!parts.visibility.deliveryFor(served.type, caller).includes(mode)) {
    throw eventUnsupported('deliveryMode', mode);
  }
  const problems = served.checkArguments(args);
  if (problems.length > 0) {
    throw invalidEventParams(describeProblems(problems), `arguments.${problems[0]?.field ?? ''}`);
  }
  return served;
}

function describeProblems(problems: readonly FieldError[]): string {
  return `arguments do not match the inputSchema: ${problems
    .map((problem) => `${problem.field} ${problem.message}`)
    .join('; ')}`;
}
