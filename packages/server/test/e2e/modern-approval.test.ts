import { firstText } from '@apcore-mcp/test-support';
import {
  connectClient,
  type ElicitationAnswer,
  type ElicitationRequest,
} from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { useInteractiveHttpServers } from '../helpers/interactive-http.js';
import { postToolCall } from '../helpers/modern-raw.js';

const ACCEPT = { approval: { action: 'accept', content: {} } };

describe("approval: 'elicit' for 2026-07-28 clients (input_required)", () => {
  const start = useInteractiveHttpServers();

  async function callOnce(url: string, answer: (request: ElicitationRequest) => ElicitationAnswer) {
    const asked: ElicitationRequest[] = [];
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url });
    try {
      const result = await client.callTool(
        'files-delete',
        { path: '/tmp/a' },
        {
          onElicit: (request) => {
            asked.push(request);
            return answer(request);
          },
        },
      );
      return { result, asked };
    } finally {
      await client.close();
    }
  }

  it('asks with the call described, and runs the module once the user accepts', async () => {
    const { url, probe, logger } = await start();
    const { result, asked } = await callOnce(url, () => ({ action: 'accept', content: {} }));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toMatch(/^Approve running files\.delete\?/);
    expect(asked[0]?.message).toContain('/tmp/a');
    // No field to fill in or tick: Accept alone approves.
    expect(asked[0]?.requestedSchema).toEqual({ type: 'object', properties: {} });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(firstText(result))).toEqual({ deleted: '/tmp/a' });
    expect(probe.ran).toEqual(['files.delete']);
    expect(logger.entries.map((entry) => entry.message)).toContain(
      'Approval granted for files.delete (elicit: the user accepted)',
    );
  });

  it('answers APPROVAL_DENIED when the user declines, and never runs the module', async () => {
    const { url, probe } = await start();
    const { result } = await callOnce(url, () => ({ action: 'decline' }));
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe('Approval denied');
    expect(probe.ran).toEqual([]);
  });

  it('answers APPROVAL_REQUIRED to a client without elicitation', async () => {
    const { url, probe } = await start();
    const answer = await postToolCall(url, {
      name: 'files-delete',
      arguments: { path: '/tmp/a' },
      elicitation: false,
    });
    expect(answer.body.result).toMatchObject({ isError: true });
    expect(JSON.stringify(answer.body.result)).toContain('Approval required: files.delete');
    expect(probe.ran).toEqual([]);
  });

  it('does not let an approval of one call run the tool with other arguments', async () => {
    const { url, probe, logger } = await start();
    const asked = await postToolCall(url, { name: 'files-delete', arguments: { path: '/tmp/a' } });
    expect(asked.body.result).toMatchObject({ resultType: 'input_required' });
    const requestState = asked.body.result?.requestState as string;
    const replayed = await postToolCall(url, {
      name: 'files-delete',
      arguments: { path: '/etc/passwd' },
      inputResponses: ACCEPT,
      requestState,
    });
    // Asked again, about the new arguments; nothing ran.
    expect(replayed.body.result).toMatchObject({ resultType: 'input_required' });
    expect(JSON.stringify(replayed.body.result)).toContain('/etc/passwd');
    expect(probe.ran).toEqual([]);
    expect(logger.at('warn').map((entry) => entry.message)).toContain(
      'Ignored an approval answered for another call; asking again',
    );
    const honest = await postToolCall(url, {
      name: 'files-delete',
      arguments: { path: '/tmp/a' },
      inputResponses: ACCEPT,
      requestState,
    });
    expect(JSON.stringify(honest.body.result)).toContain('deleted');
    expect(probe.ran).toEqual(['files.delete']);
  });

  it('lets two servers with the same stateKey finish each other’s approvals', async () => {
    const stateKey = 'cd'.repeat(32);
    const first = await start({ stateKey });
    const second = await start({ stateKey });
    const stranger = await start();
    const asked = await postToolCall(first.url, {
      name: 'files-delete',
      arguments: { path: '/tmp/b' },
    });
    const retry = {
      name: 'files-delete',
      arguments: { path: '/tmp/b' },
      inputResponses: ACCEPT,
      requestState: asked.body.result?.requestState as string,
    };
    const refused = await postToolCall(stranger.url, retry);
    expect(refused.body.error).toMatchObject({ code: -32602 });
    const answered = await postToolCall(second.url, retry);
    expect(JSON.stringify(answered.body.result)).toContain('deleted');
    expect(second.probe.ran).toEqual(['files.delete']);
    expect(first.probe.ran).toEqual([]);
  });
});
