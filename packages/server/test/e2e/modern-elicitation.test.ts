import { firstText } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type ElicitationAnswer,
  type ElicitationRequest,
} from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { useInteractiveHttpServers } from '../helpers/interactive-http.js';
import { postToolCall } from '../helpers/modern-raw.js';

type Answering = (request: ElicitationRequest) => ElicitationAnswer;

describe('a module’s elicit() and nested approvals, in both eras over Streamable HTTP', () => {
  const start = useInteractiveHttpServers();

  async function call(era: ClientEra, url: string, tool: string, args: object, answer: Answering) {
    const asked: string[] = [];
    const client = await connectClient({ era, transport: 'http', url });
    try {
      const result = await client.callTool(tool, args as Record<string, unknown>, {
        onElicit: (request) => {
          asked.push(request.message);
          return answer(request);
        },
      });
      return { result, asked };
    } finally {
      await client.close();
    }
  }

  const folderAndConfirm: Answering = (request) => {
    const content: Record<string, string | boolean> =
      request.message === 'Which folder?' ? { folder: 'docs' } : { confirm: true };
    return { action: 'accept', content };
  };

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'asks two questions in order and answers with both (%s)',
    async (era) => {
      const { url, probe } = await start();
      const { result, asked } = await call(era, url, 'form-two_step', {}, folderAndConfirm);
      expect(asked).toEqual(['Which folder?', 'Empty docs?']);
      expect(result.isError).toBe(false);
      expect(JSON.parse(firstText(result))).toEqual({ folder: 'docs', confirmed: true });
      // 2026-07-28 has no mid-call requests: the module runs again with each new answer.
      expect(probe.twoStepRuns).toBe(era === '2026-07-28' ? 3 : 1);
    },
  );

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'gives the module null when the user declines (%s)',
    async (era) => {
      const { url } = await start();
      const { result } = await call(era, url, 'form-ask', {}, () => ({ action: 'decline' }));
      expect(JSON.parse(firstText(result))).toEqual({ answer: null });
    },
  );

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'asks both approvals of a call whose module calls another that needs one (%s)',
    async (era) => {
      const { url, probe } = await start();
      const { result, asked } = await call(era, url, 'files-archive', { path: '/tmp/z' }, () => ({
        action: 'accept',
        content: { confirm: true },
      }));
      expect(asked).toEqual([
        expect.stringMatching(/^Approve running files\.archive\?/),
        expect.stringMatching(/^Approve running files\.delete\?/),
      ]);
      expect(JSON.parse(firstText(result))).toEqual({ deleted: '/tmp/z' });
      expect(probe.ran.at(-1)).toBe('files.delete');
    },
  );

  it('answers a 2026-07-28 client without elicitation as if nobody could be asked', async () => {
    const { url, probe } = await start();
    const answer = await postToolCall(url, { name: 'form-two_step', elicitation: false });
    expect(JSON.stringify(answer.body.result)).toContain('"folder\\":null');
    expect(probe.twoStepRuns).toBe(1);
  });

  it('does not hand an answer given for one call to a call with other arguments', async () => {
    const { url, logger } = await start();
    const asked = await postToolCall(url, { name: 'form-two_step' });
    expect(asked.body.result).toMatchObject({ resultType: 'input_required' });
    const replayed = await postToolCall(url, {
      name: 'form-two_step',
      arguments: { extra: true },
      inputResponses: { elicitation: { action: 'accept', content: { folder: 'etc' } } },
      requestState: asked.body.result?.requestState as string,
    });
    expect(replayed.body.result).toMatchObject({ resultType: 'input_required' });
    expect(JSON.stringify(replayed.body.result)).toContain('Which folder?');
    expect(logger.messages('warn')).toContain(
      'Ignored answers given for another call; asking again',
    );
  });
});
