import { defineEventType, EventsNotServedError } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { type AttachedEventHub, EventHubSlot, type HubEmitOptions } from './event-hub.js';
import { TASK_FINISHED_EVENT } from './task-finished-event.js';

function createRecordingHub() {
  const builtIns: string[] = [];
  const emitted: [string, Record<string, unknown>, HubEmitOptions | undefined][] = [];
  const hub: AttachedEventHub = {
    addBuiltIn: (type) => builtIns.push(type.name),
    emit: async (name, data, options) => {
      emitted.push([name, data, options]);
      return { eventId: options?.eventId ?? 'evt_1' };
    },
  };
  return { hub, builtIns, emitted };
}

describe('EventHubSlot', () => {
  it('refuses emits with EventsNotServedError until a hub attaches, and after it detaches', async () => {
    const slot = new EventHubSlot();
    const refusal = slot.emit('stock.low', {});
    await expect(refusal).rejects.toThrow(/Events are not served/);
    await refusal.catch((error: unknown) =>
      expect(EventsNotServedError.isInstance(error)).toBe(true),
    );
    const { hub, emitted } = createRecordingHub();
    const detach = slot.attach(hub);
    expect(slot.attached).toBe(true);
    await expect(
      slot.emit('stock.low', { sku: 'a' }, { eventId: 'low-a', audience: 'alice' }),
    ).resolves.toEqual({ eventId: 'low-a' });
    expect(emitted).toEqual([['stock.low', { sku: 'a' }, { eventId: 'low-a', audience: 'alice' }]]);
    detach();
    expect(slot.attached).toBe(false);
    await expect(slot.emit('stock.low', {})).rejects.toThrow(/Events are not served/);
  });

  it('keeps the built-ins defined before a hub attaches, and hands on the ones after', () => {
    const slot = new EventHubSlot();
    slot.defineBuiltIn(TASK_FINISHED_EVENT);
    const { hub, builtIns } = createRecordingHub();
    slot.attach(hub);
    expect(builtIns).toEqual(['apcore-mcp.task.finished']);
    slot.defineBuiltIn(defineEventType({ name: 'late.one' }));
    expect(builtIns).toEqual(['apcore-mcp.task.finished', 'late.one']);
    expect(slot.builtIns.map((type) => type.name)).toEqual([
      'apcore-mcp.task.finished',
      'late.one',
    ]);
  });

  it('refuses a built-in defined twice and a second hub', () => {
    const slot = new EventHubSlot();
    slot.defineBuiltIn(TASK_FINISHED_EVENT);
    expect(() => slot.defineBuiltIn(TASK_FINISHED_EVENT)).toThrow(
      'The built-in event type apcore-mcp.task.finished is defined twice',
    );
    slot.attach(createRecordingHub().hub);
    expect(() => slot.attach(createRecordingHub().hub)).toThrow('An event hub is attached already');
  });
});

describe('TASK_FINISHED_EVENT', () => {
  it('is a replayed type under the server-only prefix, with the task fields only', () => {
    expect(TASK_FINISHED_EVENT).toMatchObject({
      kind: 'eventType',
      name: 'apcore-mcp.task.finished',
      replay: true,
      payloadSchema: { required: ['taskId', 'status', 'lastUpdatedAt'] },
    });
  });
});
