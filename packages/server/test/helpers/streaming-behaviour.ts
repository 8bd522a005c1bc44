import { firstText } from '@apcore-mcp/test-support';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInteractiveRuntime } from '../../src/__fixtures__/interactive-modules.js';

import type { Connect, Connected } from './connect.js';

/** Collects the progress notifications of one call. */
function recordProgress(): { updates: Progress[]; onprogress: (update: Progress) => void } {
  const updates: Progress[] = [];
  return { updates, onprogress: (update) => updates.push(update) };
}

/**
 * FR-STREAM-001 and the progress helper, over one transport: chunks become progress
 * notifications and one merged result; every condition missing falls back to `call()`.
 */
export function describeStreamingBehaviour(transport: string, connect: Connect): void {
  describe(`streaming and progress over ${transport}`, () => {
    let connection: Connected | undefined;
    afterEach(async () => {
      await connection?.close();
      connection = undefined;
    });

    it('sends one progress notification per chunk, then the deep-merged result', async () => {
      const { executor, probe } = createInteractiveRuntime();
      const stream = vi.spyOn(executor, 'stream');
      connection = await connect(executor);
      const { updates, onprogress } = recordProgress();
      const result = await connection.client.callTool(
        { name: 'report-build', arguments: {} },
        undefined,
        { onprogress },
      );
      expect(stream).toHaveBeenCalledTimes(1);
      expect(updates).toEqual([
        {
          progress: 1,
          message: JSON.stringify({ summary: { rows: 10 }, pages: [1], status: 'running' }),
        },
        { progress: 2, message: JSON.stringify({ summary: { errors: 0 }, pages: [1, 2] }) },
        { progress: 3, message: JSON.stringify({ status: 'done' }) },
      ]);
      const merged = { summary: { rows: 10, errors: 0 }, pages: [1, 2], status: 'done' };
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(firstText(result))).toEqual(merged);
      expect(result.structuredContent).toEqual(merged);
      // While streaming, the chunks are the progress: the module gets no sender of its own.
      expect(probe.streamSawProgressSender).toBe(false);
    });

    it('falls back to call() without a progressToken', async () => {
      const { executor } = createInteractiveRuntime();
      const stream = vi.spyOn(executor, 'stream');
      connection = await connect(executor);
      const result = await connection.client.callTool({ name: 'report-build', arguments: {} });
      expect(JSON.parse(firstText(result))).toEqual({
        summary: { rows: 10, errors: 0 },
        via: 'execute',
      });
      expect(stream).not.toHaveBeenCalled();
    });

    it.each([
      ['a module without stream', 'report-plain'],
      ['a module not annotated streaming', 'report-unflagged'],
    ])('falls back to call() for %s, even with a progressToken', async (_label, name) => {
      const { executor } = createInteractiveRuntime();
      const stream = vi.spyOn(executor, 'stream');
      connection = await connect(executor);
      const { updates, onprogress } = recordProgress();
      const result = await connection.client.callTool({ name, arguments: {} }, undefined, {
        onprogress,
      });
      expect(JSON.parse(firstText(result))).toEqual({ via: 'execute' });
      expect(stream).not.toHaveBeenCalled();
      expect(updates).toEqual([]);
    });

    it('answers a stream-only module without a progressToken with its merged chunks', async () => {
      connection = await connect(createInteractiveRuntime().executor);
      const result = await connection.client.callTool({
        name: 'report-only_stream',
        arguments: {},
      });
      expect(JSON.parse(firstText(result))).toEqual({ totals: { a: 1, b: 2 } });
    });

    it('returns {} for a stream of zero chunks, with no progress sent', async () => {
      connection = await connect(createInteractiveRuntime().executor);
      const { updates, onprogress } = recordProgress();
      const result = await connection.client.callTool(
        { name: 'report-empty', arguments: {} },
        undefined,
        { onprogress },
      );
      expect(result.isError).toBeFalsy();
      expect(firstText(result)).toBe('{}');
      expect(result.structuredContent).toEqual({});
      expect(updates).toEqual([]);
    });

    it('maps an error mid-stream to an error result; the chunk sent before stays sent', async () => {
      connection = await connect(createInteractiveRuntime().executor);
      const { updates, onprogress } = recordProgress();
      const result = await connection.client.callTool(
        { name: 'report-broken', arguments: {} },
        undefined,
        { onprogress },
      );
      expect(result.isError).toBe(true);
      expect(firstText(result)).toBe('Internal error occurred');
      expect(JSON.stringify(result)).not.toContain('disk full');
      expect(updates).toEqual([{ progress: 1, message: '{"page":1}' }]);
    });

    it('stops the generator when the client cancels mid-stream; no progress follows', async () => {
      const { executor, probe } = createInteractiveRuntime();
      connection = await connect(executor);
      const errors: Error[] = [];
      connection.client.onerror = (error) => errors.push(error);
      const controller = new AbortController();
      const { updates, onprogress } = recordProgress();
      const call = connection.client.callTool(
        { name: 'report-endless', arguments: {} },
        undefined,
        {
          signal: controller.signal,
          onprogress: (update) => {
            onprogress(update);
            controller.abort('stop');
          },
        },
      );
      await expect(call).rejects.toThrow();
      await probe.endlessFinished;
      const logger = connection.logger;
      // The router's last word on the call: after this it sends nothing more for it.
      await vi.waitFor(() =>
        expect(
          logger.entries.some(
            (entry) =>
              entry.message === 'Tool call failed' &&
              (entry.object as { tool?: string }).tool === 'report-endless',
          ),
        ).toBe(true),
      );
      expect(probe.endlessResumed).toBe(false);
      expect(updates).toEqual([{ progress: 1, message: '{"page":1}' }]);
      // A late notification would reach the client as one for an unknown token.
      expect(errors.filter((error) => error.message.includes('progress'))).toEqual([]);
    });

    it('passes reportProgress on, increasing only: repeated and backward values are dropped', async () => {
      connection = await connect(createInteractiveRuntime().executor);
      const { updates, onprogress } = recordProgress();
      const result = await connection.client.callTool(
        { name: 'job-progress', arguments: {} },
        undefined,
        { onprogress },
      );
      expect(JSON.parse(firstText(result))).toEqual({ reported: true });
      expect(updates).toEqual([
        { progress: 1, total: 5, message: 'started' },
        { progress: 2, total: 5 },
        { progress: 5, total: 5, message: 'done' },
      ]);
    });

    it('makes reportProgress a no-op when the client sent no progressToken', async () => {
      connection = await connect(createInteractiveRuntime().executor);
      const result = await connection.client.callTool({ name: 'job-progress', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(firstText(result))).toEqual({ reported: true });
    });
  });
}
