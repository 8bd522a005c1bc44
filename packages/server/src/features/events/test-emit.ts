import type { EventHub } from '../../kernel/event-hub.js';
import type { EventCatalog } from './catalog/event-catalog.js';
import type { EventVisibility } from './catalog/event-visibility.js';
import { eventNotFound, invalidEventParams } from './wire/event-errors.js';
import type { EventHandler } from './wire/event-handlers.js';

/**
 * `apcore-mcp/emitTestEvent { name, data }` (only with `eventTestEmit`): emits one occurrence of
 * a type the caller may see, checked as any emit is; answers its `eventId`.
 *
 * @example
 * ```ts
 * registerEventHandler(target, context, EMIT_TEST_EVENT_METHOD, answerTestEmit({ catalog, visibility, hub }));
 * ```
 */
export function answerTestEmit(parts: {
  catalog: EventCatalog;
  visibility: EventVisibility;
  hub: EventHub;
}): EventHandler {
  return async (params, caller) => {
    const { name, data } = params;
    if (typeof name !== 'string') throw invalidEventParams('name must be a string', 'name');
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw invalidEventParams('data must be an object', 'data');
    }
    const served = parts.catalog.find(name);
    if (served === undefined || !parts.visibility.sees(served.type, caller.identity)) {
      throw eventNotFound('event', name);
    }
    const errors = served.checkPayload(data);
    if (errors.length > 0) {
      throw invalidEventParams(
        `data does not match the payloadSchema: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
        'data',
      );
    }
    return parts.hub.emit(name, data as Record<string, unknown>);
  };
}
