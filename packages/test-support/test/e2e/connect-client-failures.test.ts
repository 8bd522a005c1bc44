import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../../src/clients/connect-client.js';
import type { ConnectClientOptions } from '../../src/clients/types.js';
import { firstText } from '../../src/first-text.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const legacyOnly = fileURLToPath(
  new URL('./__fixtures__/legacy-only-stdio-server.ts', import.meta.url),
);
const stdio = {
  transport: 'stdio',
  command: process.execPath,
  args: ['--import', 'tsx', legacyOnly],
  cwd: packageDir,
} as const;

describe('connectClient against a server of the other era', () => {
  it('fails loudly when a 2026-07-28 client meets a legacy-only server', async () => {
    await expect(connectClient({ era: '2026-07-28', ...stdio })).rejects.toThrow(/2026-07-28/);
  });

  it('still connects a 2025-11-25 client to it', async () => {
    const client = await connectClient({ era: '2025-11-25', ...stdio });
    try {
      expect(firstText(await client.callTool('echo', { text: 'x' }))).toBe('legacy-only:x');
    } finally {
      await client.close();
    }
  });

  it('does not let a 2026-07-28 client ask for legacy SSE', () => {
    const options = {
      era: '2026-07-28',
      transport: 'sse',
      url: 'http://127.0.0.1:1/sse',
    } as const;
    // @ts-expect-error SSE exists only in the 2025-11-25 era.
    const rejected: ConnectClientOptions = options;
    expect(rejected.transport).toBe('sse');
  });
});
