import { findFreePort } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_EXTENSIONS, httpServeArgs, runCli, startCli } from '../helpers/cli-process.js';

const METRICS_LINE = /, metrics at (http:\/\/\S+\/metrics)\n/;

describe('apcore-mcp metrics', () => {
  it('serves /metrics next to /mcp with --metrics', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port, ['--metrics']));
    try {
      const [, url] = await server.waitForStderr(METRICS_LINE);
      expect(url).toBe(`http://127.0.0.1:${port}/metrics`);
      const response = await fetch(url as string);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/^apcore_mcp_tools 13$/m);
      expect(text).toContain('process_cpu_user_seconds_total');
    } finally {
      expect(await server.stop('SIGINT')).toBe(0);
    }
  });

  it('turns metrics on from APCORE_MCP_METRICS', async () => {
    const port = await findFreePort();
    const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port), {
      env: { APCORE_MCP_METRICS: 'true' },
    });
    try {
      const [, url] = await server.waitForStderr(METRICS_LINE);
      expect((await fetch(url as string)).status).toBe(200);
    } finally {
      expect(await server.stop('SIGINT')).toBe(0);
    }
  });

  it('serves /metrics on 127.0.0.1 with --metrics-port over stdio', async () => {
    const port = await findFreePort();
    const server = startCli([
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--metrics-port',
      String(port),
    ]);
    try {
      const [, url] = await server.waitForStderr(/over stdio, metrics at (http:\/\/\S+)\n/);
      expect(url).toBe(`http://127.0.0.1:${port}/metrics`);
      expect(await (await fetch(url as string)).text()).toMatch(/^apcore_mcp_tools 13$/m);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('refuses --metrics-port with an HTTP transport (exit 1)', async () => {
    const result = await runCli(
      httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort(), ['--metrics-port', '9464']),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--metrics-port applies to --transport stdio only');
  });
});
