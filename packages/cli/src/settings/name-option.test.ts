import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidOptionError } from '@apcore-mcp/server';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../__fixtures__/settings-dir.js';
import { CliError } from '../cli-error.js';
import { nameOption, unusedSettingsWarnings } from './name-option.js';
import { refuseInvalidOptions } from './refuse-invalid-options.js';
import { resolveSettings } from './resolve-settings.js';

const tempDir = useTempDir();

async function refusal(
  flags: Record<string, unknown>,
  env: Record<string, string> = {},
): Promise<CliError> {
  const resolved = await resolveSettings({ flags, io: { env, cwd: tempDir.current() } });
  try {
    refuseInvalidOptions(resolved);
  } catch (error) {
    if (CliError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the options to be refused');
}

describe('a rule between options, checked by the server, in the command', () => {
  it('refuses an instance id a proxy rule could not match, naming the flag', async () => {
    const refused = await refusal({ transport: 'streamable-http', instanceId: 'Edge.1' });
    expect(refused.message).toBe(
      "--instance-id must be 1 to 32 lower-case letters, digits or '-' (like 'a' or 'mcp-2'), got 'Edge.1'",
    );
  });

  it('names the flag, variable or config key the refused value came from', async () => {
    const fromEnv = await refusal({ transport: 'sse' }, { APCORE_MCP_METRICS_PORT: '9464' });
    expect(fromEnv.message).toBe(
      'APCORE_MCP_METRICS_PORT applies to --transport stdio only; sse serves GET /metrics on its own port',
    );
    expect(fromEnv).toMatchObject({
      code: 'INVALID_ARGUMENT',
      exitCode: 1,
      details: { option: 'metricsPort', expected: 'transport stdio' },
    });
    expect(InvalidOptionError.isInstance(fromEnv.cause)).toBe(true);

    await writeFile(join(tempDir.current(), 'apcore-mcp.yaml'), 'usage: true\n');
    expect((await refusal({})).message).toBe(
      '"usage" in apcore-mcp.yaml: GET /usage is served by --transport streamable-http or sse, not stdio',
    );
  });

  it('names the settings that build an object option, as given', async () => {
    const roles = await refusal({ usage: false }, { APCORE_MCP_USAGE_ADMIN_ROLE: 'admin' });
    expect(roles.message).toBe(
      'APCORE_MCP_USAGE_ADMIN_ROLE: GET /usage is served by --transport streamable-http or sse, not stdio',
    );
    const missing = join(tempDir.current(), 'no', 'calls.jsonl');
    expect((await refusal({}, { APCORE_MCP_LEDGER: missing })).message).toBe(
      `APCORE_MCP_LEDGER: directory ${join(tempDir.current(), 'no')} does not exist (for ledger file ${missing})`,
    );
    const both = await refusal({ metrics: 'false', metricsPort: '9464' });
    expect(both.message).toBe('--metrics-port needs --metrics; it was given with metrics: false');
  });

  it('keeps the name of an option no setting builds, and names the flags of one not given', async () => {
    const resolved = await resolveSettings({ flags: {}, io: { env: {}, cwd: tempDir.current() } });
    expect(nameOption('logger', resolved, true)).toBe('logger');
    expect(nameOption('stateKey', resolved, true)).toBe('--state-key-file or APCORE_MCP_STATE_KEY');
    expect(nameOption('auth.secret', resolved, false)).toBe(
      '--auth-secret-file or APCORE_MCP_AUTH_SECRET',
    );
  });
});

describe('settings for options the transport does not use', () => {
  it('are named, one family of flags at a time, per set of transports', async () => {
    const dir = tempDir.current();
    const resolved = await resolveSettings({
      flags: { corsOrigins: 'https://app.example.com', sessionIdleTimeout: '60' },
      io: { env: {}, cwd: dir },
    });
    expect(unusedSettingsWarnings(resolved, 'stdio')).toEqual([
      '--session-idle-timeout apply to --transport streamable-http only; ignored over stdio',
      '--cors-origins apply to --transport streamable-http and sse only; ignored over stdio',
    ]);
    expect(unusedSettingsWarnings(resolved, 'sse')).toEqual([
      '--session-idle-timeout apply to --transport streamable-http only; ignored over sse',
    ]);
    expect(unusedSettingsWarnings(resolved, 'streamable-http')).toEqual([]);
  });
});
