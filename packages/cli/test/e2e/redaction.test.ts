import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpServeArgs, SERVING_LINE, startCli } from '../helpers/cli-process.js';

const LOGIN_MODULE = `export default {
  description: 'Logs a user in.',
  inputSchema: { type: 'object', properties: {} },
  outputSchema: {
    type: 'object',
    properties: { token: { type: 'string', 'x-sensitive': true }, user: { type: 'string' } },
  },
  execute: () => ({ token: 'tok-123', user: 'ann', _secret_refresh: 'rt-456' }),
};\n`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-cli-redaction-'));
  await writeFile(join(dir, 'login.mjs'), LOGIN_MODULE);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function callLogin(extra: readonly string[]) {
  const server = startCli(httpServeArgs(dir, await findFreePort(), extra));
  try {
    const [, , url] = await server.waitForStderr(SERVING_LINE);
    const client = await connectClient({ era: '2026-07-28', transport: 'http', url: url ?? '' });
    try {
      return { text: firstText(await client.callTool('login')), stderr: server.stderr() };
    } finally {
      await client.close();
    }
  } finally {
    expect(await server.stop()).toBe(0);
  }
}

describe('apcore-mcp output redaction', () => {
  it('redacts secrets in results by default, and says nothing about it', async () => {
    const { text, stderr } = await callLogin([]);
    expect(JSON.parse(text)).toEqual({
      token: '***REDACTED***',
      user: 'ann',
      _secret_refresh: '***REDACTED***',
    });
    expect(stderr).not.toContain('Output redaction is off');
  });

  it('hands secrets out under --no-redact-output, after a WARNING at start', async () => {
    const { text, stderr } = await callLogin(['--no-redact-output']);
    expect(JSON.parse(text)).toEqual({ token: 'tok-123', user: 'ann', _secret_refresh: 'rt-456' });
    expect(stderr).toMatch(/"level":40,[^\n]*Output redaction is off/);
  });
});
