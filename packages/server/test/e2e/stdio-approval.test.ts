import { firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';

describe('approval and elicit() of a 2026-07-28 client over stdio (child process)', () => {
  it('asks through input_required and runs once confirmed, or answers denied', async () => {
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'stdio',
      command: process.execPath,
      args: [fixturePath('stdio-server.mjs')],
      cwd: SERVER_ROOT,
      stderr: 'ignore',
    });
    try {
      const asked: string[] = [];
      const approved = await client.callTool(
        'files-remove',
        { path: '/tmp/x' },
        {
          onElicit: (request) => {
            asked.push(request.message);
            return { action: 'accept', content: { confirm: true } };
          },
        },
      );
      expect(asked).toEqual([expect.stringMatching(/^Approve running files\.remove\?/)]);
      expect(JSON.parse(firstText(approved))).toEqual({ removed: '/tmp/x' });
      const denied = await client.callTool(
        'files-remove',
        { path: '/tmp/x' },
        { onElicit: () => ({ action: 'decline' }) },
      );
      expect(denied.isError).toBe(true);
      expect(firstText(denied)).toBe('Approval denied');
    } finally {
      await client.close();
    }
  });

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'hands a module the answer to its elicit() (%s)',
    async (era) => {
      const client = await connectClient({
        era,
        transport: 'stdio',
        command: process.execPath,
        args: [fixturePath('stdio-server.mjs')],
        cwd: SERVER_ROOT,
        stderr: 'ignore',
      });
      try {
        const asked: string[] = [];
        const result = await client.callTool(
          'form-pick',
          {},
          {
            onElicit: (request) => {
              asked.push(request.message);
              return { action: 'accept', content: { colour: 'teal' } };
            },
          },
        );
        expect(asked).toEqual(['Which colour?']);
        expect(JSON.parse(firstText(result))).toEqual({ colour: 'teal' });
      } finally {
        await client.close();
      }
    },
  );
});
