import { findFreePort } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';
import { sampleValue, scrape } from '../helpers/metrics-fixture.js';

describe('stdio with metricsPort (child process)', () => {
  it('serves /metrics alone on 127.0.0.1 and closes it at shutdown', async () => {
    const port = await findFreePort();
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'stdio',
      command: process.execPath,
      args: [fixturePath('stdio-server.mjs')],
      cwd: SERVER_ROOT,
      env: { ...process.env, FIXTURE_METRICS_PORT: String(port), FIXTURE_LOG_LEVEL: 'warn' },
      stderr: 'ignore',
    });
    const url = `http://127.0.0.1:${port}/metrics`;
    try {
      await client.callTool('text-echo', { hello: 'world' });
      const { status, text } = await scrape(url);
      expect(status).toBe(200);
      expect(sampleValue(text, 'apcore_mcp_tool_calls_total{tool="text-echo",outcome="ok"}')).toBe(
        1,
      );
      expect((await scrape(`http://127.0.0.1:${port}/health`)).status).toBe(404);
    } finally {
      await client.close();
    }
    await expect(fetch(url)).rejects.toThrow();
  });
});
