import { initializeRequest } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { startAppServer } from '../../src/app-server.js';
import { runSelfCheck } from '../../src/self-check.js';

describe('the embed-http example', () => {
  it('passes its own self-check: app routes and MCP side by side', async () => {
    const lines: string[] = [];
    await runSelfCheck((line) => lines.push(line));
    expect(lines.at(-1)).toBe('Every answer was right.');
    expect(lines).toContain('Tools: notes-read, notes-write');
  });

  it('refuses MCP requests from an unknown browser origin, and answers 503 once closed', async () => {
    const app = await startAppServer({ port: 0 });
    const post = (headers: Record<string, string>) =>
      fetch(app.mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(initializeRequest('x')),
      });
    try {
      expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    } finally {
      await app.close();
    }
  });
});
