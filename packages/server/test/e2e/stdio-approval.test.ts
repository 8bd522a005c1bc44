import { firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';

describe('approval of a 2026-07-28 client over stdio (child process)', () => {
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
});
