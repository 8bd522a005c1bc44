import { stripVTControlCharacters } from 'node:util';
import { findFreePort, killProcessGroup, spawnTracked } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import {
  assertBuilt,
  BIN,
  cleanEnv,
  EXAMPLE_EXTENSIONS,
  expectOneErrorLine,
  INSPECTOR_LINE,
  runCli,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';

describe('apcore-mcp dev', () => {
  it('serves Streamable HTTP on loopback with the inspector allowed to call tools', async () => {
    const port = await findFreePort();
    const server = startCli([
      'dev',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--port',
      String(port),
    ]);
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      expect(url).toBe(`http://127.0.0.1:${port}/mcp`);
      const [, inspectorUrl] = await server.waitForStderr(INSPECTOR_LINE);
      expect(inspectorUrl).toBe(`http://127.0.0.1:${port}/inspector/`);
      // Not a terminal: JSON lines, as `serve` writes them.
      const logLines = server
        .stderr()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      expect(logLines.length).toBeGreaterThan(0);
      expect(JSON.parse(logLines[0] ?? '{}')).toMatchObject({ name: 'apcore-mcp' });
      const html = await (await fetch(String(inspectorUrl))).text();
      expect(html).toContain('"allowExecute":true');
      // The page's own requests (a browser names the page in Referer) may call tools.
      const page = await connectClient({
        era: '2026-07-28',
        transport: 'http',
        url: String(url),
        headers: { referer: String(inspectorUrl), 'sec-fetch-site': 'same-origin' },
      });
      try {
        const result = await page.callTool('catalog-get_product', { sku: 'MUG-001' });
        expect(result.isError).toBe(false);
      } finally {
        await page.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('writes its logs for people when stderr is a terminal', async () => {
    assertBuilt();
    const port = await findFreePort();
    const command = [process.execPath, BIN, 'dev', '--extensions-dir', EXAMPLE_EXTENSIONS];
    // util-linux's script runs the command on a pseudo-terminal: its stderr is a TTY.
    const child = spawnTracked(
      'script',
      ['-qfec', [...command, '--port', String(port)].join(' '), '/dev/null'],
      { stdio: ['pipe', 'pipe', 'pipe'], env: cleanEnv() },
    );
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no inspector line:\n${output}`)), 20_000);
        child.stdout?.on('data', (chunk: Buffer) => {
          output += stripVTControlCharacters(chunk.toString());
          if (/apcore-mcp: Tool Inspector at /.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(output).toMatch(
        /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: Tool Inspector at http:\/\/127\.0\.0\.1:\d+\/inspector\/ \(it may call tools\)/m,
      );
      expect(output).not.toMatch(/^\{"level"/m);
    } finally {
      killProcessGroup(child.pid);
    }
  });

  it('refuses an address others can reach, naming where it came from', async () => {
    const result = await runCli(['dev', '--extensions-dir', EXAMPLE_EXTENSIONS], {
      env: { APCORE_MCP_HOST: '0.0.0.0' },
    });
    expectOneErrorLine(
      result,
      /dev lets the inspector call tools, so it listens on loopback only \(got 0\.0\.0\.0 from APCORE_MCP_HOST\)/,
    );
  });

  it('refuses another transport', async () => {
    const result = await runCli([
      'dev',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
      '--transport',
      'stdio',
    ]);
    expectOneErrorLine(result, /apcore-mcp dev serves Streamable HTTP \(got --transport stdio\)/);
  });

  it('refuses --inspector over stdio on serve, naming the flag', async () => {
    const result = await runCli(['--extensions-dir', EXAMPLE_EXTENSIONS, '--inspector']);
    expectOneErrorLine(
      result,
      /--inspector: the inspector is a web page served by --transport streamable-http or sse, not stdio/,
    );
  });
});
