import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { problemsOf } from '../__fixtures__/settings-dir.js';
import { resolveSettings } from './resolve-settings.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-state-key-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function newKey(): string {
  return randomBytes(32).toString('hex');
}

function bytesOf(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

describe('resolveSettings: the state key', () => {
  it('reads the key from --state-key-file, trimmed, relative to the working directory', async () => {
    const key = newKey();
    await writeFile(join(dir, 'state.key'), `\n${key}\n`);
    const { serveOptions, sources, values } = await resolveSettings({
      flags: { stateKeyFile: 'state.key' },
      io: { env: {}, cwd: dir },
    });
    expect(values['state-key-file']).toBe(join(dir, 'state.key'));
    expect(serveOptions.stateKey).toEqual(bytesOf(key));
    expect(sources['state-key-file']).toEqual({ kind: 'flag', flag: '--state-key-file' });
  });

  it('reads the key from APCORE_MCP_STATE_KEY, hex or base64', async () => {
    const bytes = randomBytes(48);
    const { serveOptions } = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_STATE_KEY: bytes.toString('base64') }, cwd: dir },
    });
    expect(serveOptions.stateKey).toEqual(new Uint8Array(bytes));
  });

  it('reads stateKeyFile from the config file, relative to the file', async () => {
    const key = newKey();
    await writeFile(join(dir, 'state.key'), key);
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'stateKeyFile: ./state.key\n');
    const { serveOptions } = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(serveOptions.stateKey).toEqual(bytesOf(key));
  });

  it('takes --state-key-file over APCORE_MCP_STATE_KEY over the config file', async () => {
    const [flagKey, envKey, fileKey] = [newKey(), newKey(), newKey()];
    await writeFile(join(dir, 'flag.key'), flagKey);
    await writeFile(join(dir, 'file.key'), fileKey);
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'state-key-file: file.key\n');
    const env = { APCORE_MCP_STATE_KEY: envKey };
    const all = await resolveSettings({
      flags: { stateKeyFile: 'flag.key' },
      io: { env, cwd: dir },
    });
    expect(all.serveOptions.stateKey).toEqual(bytesOf(flagKey));
    const noFlag = await resolveSettings({ flags: {}, io: { env, cwd: dir } });
    expect(noFlag.serveOptions.stateKey).toEqual(bytesOf(envKey));
  });

  it('takes APCORE_MCP_STATE_KEY over APCORE_MCP_STATE_KEY_FILE', async () => {
    const [envKey, fileKey] = [newKey(), newKey()];
    await writeFile(join(dir, 'env.key'), fileKey);
    const { serveOptions } = await resolveSettings({
      flags: {},
      io: {
        env: { APCORE_MCP_STATE_KEY_FILE: 'env.key', APCORE_MCP_STATE_KEY: envKey },
        cwd: dir,
      },
    });
    expect(serveOptions.stateKey).toEqual(bytesOf(envKey));
  });

  it('names the flag and the path of a missing key file', async () => {
    const problems = await problemsOf(
      resolveSettings({ flags: { stateKeyFile: 'missing.key' }, io: { env: {}, cwd: dir } }),
    );
    expect(problems).toEqual([
      `--state-key-file: cannot read key file ${join(dir, 'missing.key')} (ENOENT)`,
    ]);
  });

  it('names the config key of an unreadable key file, even when a flag overrides it', async () => {
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'stateKeyFile: ./sub\n');
    const key = newKey();
    await writeFile(join(dir, 'good.key'), key);
    const problems = await problemsOf(
      resolveSettings({ flags: { stateKeyFile: 'good.key' }, io: { env: {}, cwd: dir } }),
    );
    expect(problems).toEqual([
      `"stateKeyFile" in apcore-mcp.yaml: cannot read key file ${join(dir, 'sub')} (ENOENT)`,
    ]);
  });

  it('reports an empty key file', async () => {
    await writeFile(join(dir, 'empty.key'), '  \n');
    const problems = await problemsOf(
      resolveSettings({ flags: { stateKeyFile: 'empty.key' }, io: { env: {}, cwd: dir } }),
    );
    expect(problems).toEqual([`--state-key-file: key file ${join(dir, 'empty.key')} is empty`]);
  });

  it('names the variable of a bad key and never shows the key', async () => {
    const short = randomBytes(16).toString('hex');
    const notEncoded = `${newKey()}!?`;
    for (const value of [short, notEncoded]) {
      const problems = await problemsOf(
        resolveSettings({ flags: {}, io: { env: { APCORE_MCP_STATE_KEY: value }, cwd: dir } }),
      );
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^APCORE_MCP_STATE_KEY is not a valid state key: /);
      expect(problems[0]).not.toContain(value);
      expect(problems[0]).not.toContain(value.slice(0, 16));
    }
  });

  it('names the flag and the file of a bad key in a file, never the key', async () => {
    const short = randomBytes(8).toString('hex');
    await writeFile(join(dir, 'short.key'), short);
    const problems = await problemsOf(
      resolveSettings({ flags: { stateKeyFile: 'short.key' }, io: { env: {}, cwd: dir } }),
    );
    expect(problems).toEqual([
      `--state-key-file (in ${join(dir, 'short.key')}) is not a valid state key: must be at least 32 bytes (64 hex digits or 44 base64 characters), got 8 bytes`,
    ]);
    expect(problems[0]).not.toContain(short);
  });

  it('takes the key itself only from the environment, never from a config file', async () => {
    await writeFile(join(dir, 'apcore-mcp.yaml'), `state-key: ${newKey()}\n`);
    const problems = await problemsOf(resolveSettings({ flags: {}, io: { env: {}, cwd: dir } }));
    expect(problems).toHaveLength(1);
    expect(problems).toEqual([
      '"state-key" in apcore-mcp.yaml: a secret does not belong in a config file; set APCORE_MCP_STATE_KEY, or "state-key-file" to a file holding it',
    ]);
  });
});
