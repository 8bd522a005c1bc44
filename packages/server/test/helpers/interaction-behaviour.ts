import { firstText } from '@apcore-mcp/test-support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInteractiveRuntime } from '../../src/__fixtures__/interactive-modules.js';
import type { ToolApprovalRequest } from '../../src/calls/approval-option.js';
import type { Connect, Connected } from './connect.js';

const ELICITATION = { elicitation: {} };

/** What the user was shown: the question, and the form (absent for URL-mode requests). */
interface SeenElicitation {
  message: string;
  requestedSchema: Record<string, unknown> | undefined;
}

function toSeen(params: ElicitRequest['params']): SeenElicitation {
  return {
    message: params.message,
    requestedSchema: 'requestedSchema' in params ? params.requestedSchema : undefined,
  };
}

/** Answers every `elicitation/create` with `answer` and keeps the requests it saw. */
function answerElicitations(client: Client, answer: ElicitResult): SeenElicitation[] {
  const seen: SeenElicitation[] = [];
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    seen.push(toSeen(request.params));
    return answer;
  });
  return seen;
}

function errorCodeOf(result: { _meta?: Record<string, unknown> }): unknown {
  return result._meta?.['apcore/errorCode'];
}

/**
 * FR-EXT-002/003 and `requiresApproval`, over one transport: `elicit` round trips, and the
 * approval of modules that require it under every `approval` policy.
 */
export function describeInteractionBehaviour(transport: string, connect: Connect): void {
  describe(`elicitation and approval over ${transport}`, () => {
    let connection: Connected | undefined;
    afterEach(async () => {
      await connection?.close();
      connection = undefined;
    });

    describe('elicit()', () => {
      it('returns the content the user accepted, after showing the message and form', async () => {
        connection = await connect(createInteractiveRuntime().executor, {}, ELICITATION);
        const seen = answerElicitations(connection.client, {
          action: 'accept',
          content: { name: 'Ada' },
        });
        const result = await connection.client.callTool({ name: 'form-ask', arguments: {} });
        expect(JSON.parse(firstText(result))).toEqual({ answer: { name: 'Ada' } });
        expect(seen).toHaveLength(1);
        expect(seen[0]?.message).toBe('What is your name?');
        expect(seen[0]?.requestedSchema).toEqual({
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        });
      });

      it.each(['decline', 'cancel'] as const)(
        'returns null when the user answers %s',
        async (action) => {
          connection = await connect(createInteractiveRuntime().executor, {}, ELICITATION);
          answerElicitations(connection.client, { action });
          const result = await connection.client.callTool({ name: 'form-ask', arguments: {} });
          expect(JSON.parse(firstText(result))).toEqual({ answer: null });
        },
      );

      it('returns null, asking nothing, when the client did not declare elicitation', async () => {
        connection = await connect(createInteractiveRuntime().executor);
        const result = await connection.client.callTool({ name: 'form-ask', arguments: {} });
        expect(result.isError).toBeFalsy();
        expect(JSON.parse(firstText(result))).toEqual({ answer: null });
      });

      it('returns null when the client fails the elicitation request', async () => {
        connection = await connect(createInteractiveRuntime().executor, {}, ELICITATION);
        connection.client.setRequestHandler(ElicitRequestSchema, () => {
          throw new Error('the form could not be shown');
        });
        const result = await connection.client.callTool({ name: 'form-ask', arguments: {} });
        expect(JSON.parse(firstText(result))).toEqual({ answer: null });
        expect(connection.logger.messages('warn')).toContain('Elicitation request failed');
      });
    });

    describe("approval: 'elicit' (the default)", () => {
      it('asks nothing about a call whose arguments fail validation', async () => {
        const { executor, probe } = createInteractiveRuntime();
        connection = await connect(executor, {}, ELICITATION);
        const seen = answerElicitations(connection.client, { action: 'accept' });
        const result = await connection.client.callTool({
          name: 'files-delete',
          arguments: { path: 42 },
        });
        expect(result.isError).toBe(true);
        expect(firstText(result)).toMatch(/^Input validation failed:\n- path: must be string/);
        expect(seen).toEqual([]);
        expect(probe.ran).toEqual([]);
      });

      it('asks with the module id, description and arguments; runs on accept', async () => {
        const { executor, probe } = createInteractiveRuntime();
        connection = await connect(executor, {}, ELICITATION);
        // Accept alone approves: the form has no field the user must also fill in or tick.
        const seen = answerElicitations(connection.client, { action: 'accept', content: {} });
        const result = await connection.client.callTool({
          name: 'files-delete',
          arguments: { path: '/tmp/report.txt' },
        });
        expect(result.isError).toBeFalsy();
        expect(JSON.parse(firstText(result))).toEqual({ deleted: '/tmp/report.txt' });
        expect(probe.ran).toEqual(['files.delete']);
        expect(seen).toHaveLength(1);
        const question = seen[0]?.message ?? '';
        expect(question).toContain('files.delete');
        expect(question).toContain('Deletes a file.');
        // The arguments as a block of their own, after the text.
        expect(question).toContain('Arguments:\n{\n  "path": "/tmp/report.txt"\n}');
        expect(seen[0]?.requestedSchema).toEqual({ type: 'object', properties: {} });
        expect(connection.logger.messages('info')).toContain(
          'Approval granted for files.delete (elicit: the user accepted)',
        );
      });

      it('runs on an accept that carries no content at all', async () => {
        const { executor, probe } = createInteractiveRuntime();
        connection = await connect(executor, {}, ELICITATION);
        answerElicitations(connection.client, { action: 'accept' });
        const result = await connection.client.callTool({
          name: 'files-delete',
          arguments: { path: '/tmp/report.txt' },
        });
        expect(result.isError).toBeFalsy();
        expect(probe.ran).toEqual(['files.delete']);
      });

      it.each([
        ['declines', { action: 'decline' }],
        ['cancels', { action: 'cancel' }],
      ] as const)(
        'denies the call when the user %s; the module never runs',
        async (_label, answer) => {
          const { executor, probe } = createInteractiveRuntime();
          connection = await connect(executor, {}, ELICITATION);
          answerElicitations(connection.client, answer);
          const result = await connection.client.callTool({
            name: 'files-delete',
            arguments: { path: '/tmp/report.txt' },
          });
          expect(result.isError).toBe(true);
          expect(firstText(result)).toBe('Approval denied');
          expect(errorCodeOf(result)).toBe('APPROVAL_DENIED');
          expect(probe.ran).toEqual([]);
          expect(
            connection.logger
              .messages('info')
              .some((line) => line.startsWith('Approval denied for files.delete')),
          ).toBe(true);
        },
      );

      it('asks for a module reached through a nested call, and stops it on decline', async () => {
        const { executor, probe } = createInteractiveRuntime();
        connection = await connect(executor, {}, ELICITATION);
        const seen = answerElicitations(connection.client, { action: 'decline' });
        const result = await connection.client.callTool({ name: 'files-cleanup', arguments: {} });
        expect(firstText(result)).toBe('Approval denied');
        expect(probe.ran).toEqual(['files.cleanup']);
        expect(seen[0]?.message).toContain('"path": "/tmp/a"');
      });

      it('tells a client without elicitation that approval is required and how to allow it', async () => {
        const { executor, probe } = createInteractiveRuntime();
        connection = await connect(executor);
        const result = await connection.client.callTool({
          name: 'files-delete',
          arguments: { path: '/tmp/report.txt' },
        });
        expect(result.isError).toBe(true);
        const text = firstText(result);
        expect(text).toMatch(/^Approval required: files\.delete needs a person to approve/);
        expect(text).toContain('--approval allow');
        expect(errorCodeOf(result)).toBe('APPROVAL_REQUIRED');
        expect(probe.ran).toEqual([]);
      });

      it('asks nothing for modules that do not require approval', async () => {
        connection = await connect(createInteractiveRuntime().executor, {}, ELICITATION);
        const seen = answerElicitations(connection.client, { action: 'decline' });
        const result = await connection.client.callTool({ name: 'job-progress', arguments: {} });
        expect(result.isError).toBeFalsy();
        expect(seen).toEqual([]);
      });
    });

    describe('approval policies', () => {
      it("'deny' refuses without asking", async () => {
        const { executor, probe } = createInteractiveRuntime();
        connection = await connect(executor, { approval: 'deny' }, ELICITATION);
        const seen = answerElicitations(connection.client, { action: 'accept' });
        const result = await connection.client.callTool({
          name: 'files-delete',
          arguments: { path: '/x' },
        });
        expect(firstText(result)).toBe('Approval denied');
        expect(seen).toEqual([]);
        expect(probe.ran).toEqual([]);
      });

      it("'allow' (any case) runs without asking, even a client that cannot elicit", async () => {
        const { executor, probe } = createInteractiveRuntime();
        connection = await connect(executor, { approval: 'ALLOW' as 'allow' });
        const result = await connection.client.callTool({
          name: 'files-delete',
          arguments: { path: '/x' },
        });
        expect(JSON.parse(firstText(result))).toEqual({ deleted: '/x' });
        expect(probe.ran).toEqual(['files.delete']);
      });

      it('a handler decides with the module id, description and a copy of the arguments', async () => {
        const { executor, probe } = createInteractiveRuntime();
        const requests: ToolApprovalRequest[] = [];
        const approval = vi.fn(async (request: ToolApprovalRequest) => {
          requests.push(request);
          request.arguments.path = '/etc/passwd';
          return request.moduleId === 'files.delete';
        });
        connection = await connect(executor, { approval });
        const result = await connection.client.callTool({
          name: 'files-delete',
          arguments: { path: '/tmp/a' },
        });
        expect(JSON.parse(firstText(result))).toEqual({ deleted: '/tmp/a' });
        expect(probe.ran).toEqual(['files.delete']);
        expect(requests).toEqual([
          {
            moduleId: 'files.delete',
            description: 'Deletes a file.',
            arguments: { path: '/etc/passwd' },
          },
        ]);
      });

      it.each([
        ['returns false', () => false],
        ['returns a truthy non-boolean', () => 'yes' as unknown as boolean],
        [
          'throws',
          () => {
            throw new Error('policy store down');
          },
        ],
      ])('a handler that %s denies the call', async (_label, handler) => {
        const { executor, probe } = createInteractiveRuntime();
        connection = await connect(executor, { approval: handler });
        const result = await connection.client.callTool({
          name: 'files-delete',
          arguments: { path: '/x' },
        });
        expect(firstText(result)).toBe('Approval denied');
        expect(JSON.stringify(result)).not.toContain('policy store down');
        expect(probe.ran).toEqual([]);
      });
    });
  });
}
