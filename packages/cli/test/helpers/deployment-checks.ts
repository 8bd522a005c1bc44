import { firstText } from '@apcore-mcp/test-support';
import type { McpClientHandle } from '@apcore-mcp/test-support/clients';
import { expect } from 'vitest';

/** A tool's JSON answer. */
export function answerOf(result: { content: Array<{ text?: string }> }): Record<string, unknown> {
  return JSON.parse(firstText(result)) as Record<string, unknown>;
}

/**
 * Runs a whole trip on `client`: lists the tools, plans a trip (two `elicit()` rounds), cancels
 * a booking (an approval round), checking every answer; returns the pids that finished the calls.
 */
export async function planAndCancelTrip(client: McpClientHandle): Promise<number[]> {
  const names = (await client.listTools()).map((tool) => tool.name);
  expect(names).toEqual([
    'jobs-confirm',
    'jobs-long',
    'pause-quiet',
    'probe-where',
    'trips-cancel',
    'trips-plan',
  ]);

  const asked: string[] = [];
  const planned = await client.callTool(
    'trips-plan',
    {},
    {
      onElicit: (request) => {
        asked.push(request.message);
        const content: Record<string, string> =
          request.message === 'Where to?' ? { city: 'Lisbon' } : { month: 'May' };
        return { action: 'accept', content };
      },
    },
  );
  expect(asked).toEqual(['Where to?', 'When?']);
  expect(answerOf(planned)).toMatchObject({ city: 'Lisbon', month: 'May' });

  const cancelled = await client.callTool(
    'trips-cancel',
    { booking: 'B-42' },
    { onElicit: () => ({ action: 'accept', content: { confirm: true } }) },
  );
  expect(cancelled.isError).toBe(false);
  expect(answerOf(cancelled)).toMatchObject({ cancelled: 'B-42' });
  return [answerOf(planned).pid, answerOf(cancelled).pid] as number[];
}

/**
 * Opens `sessions` clients with `connect`, has each make `calls` calls to `probe-where`, and
 * returns, per session, the pids that answered it (all closed afterwards).
 */
export async function pidsPerSession(
  connect: () => Promise<McpClientHandle>,
  { sessions, calls }: { sessions: number; calls: number },
): Promise<Set<number>[]> {
  const clients = await Promise.all(Array.from({ length: sessions }, connect));
  try {
    return await Promise.all(
      clients.map(async (client) => {
        const pids = new Set<number>();
        for (let call = 0; call < calls; call += 1) {
          pids.add(answerOf(await client.callTool('probe-where')).pid as number);
        }
        return pids;
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}
