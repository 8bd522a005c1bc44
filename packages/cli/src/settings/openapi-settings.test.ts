import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../__fixtures__/settings-dir.js';
import { resolveSettings } from './resolve-settings.js';

const tempDir = useTempDir();

async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    return (error as { details: { problems: string[] } }).details.problems;
  }
  throw new Error('expected the settings to be refused');
}

describe('the OpenAPI settings', () => {
  it('take several documents: files resolved where they were written, URLs kept', async () => {
    const dir = tempDir.current();
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      'openapi:\n  - specs/a.yaml\n  - https://api.example.com/openapi.json\nopenapi-prefix: [a, b]\nopenapi-timeout: 5\n',
    );
    const fromFile = await resolveSettings({
      flags: { config: join(dir, 'apcore-mcp.yaml') },
      io: { env: {}, cwd: '/elsewhere' },
    });
    expect(fromFile.values.openapi).toEqual([
      join(dir, 'specs', 'a.yaml'),
      'https://api.example.com/openapi.json',
    ]);
    expect(fromFile.values['openapi-prefix']).toEqual(['a', 'b']);
    expect(fromFile.values['openapi-timeout']).toBe(5);
    const fromFlags = await resolveSettings({
      flags: { openapi: ['one.yaml', 'two.json'] },
      io: { env: {}, cwd: dir },
    });
    expect(fromFlags.values.openapi).toEqual([join(dir, 'one.yaml'), join(dir, 'two.json')]);
  });

  it('read headers from repeated flags (commas kept) and one per line from the variable', async () => {
    const io = { env: {}, cwd: tempDir.current() };
    const fromFlags = await resolveSettings({
      flags: { openapiHeader: ['Authorization=Bearer t0k=n', 'Accept=a, b'] },
      io,
    });
    expect(fromFlags.values['openapi-header']).toEqual([
      'Authorization=Bearer t0k=n',
      'Accept=a, b',
    ]);
    const fromEnv = await resolveSettings({
      flags: {},
      io: { ...io, env: { APCORE_MCP_OPENAPI_HEADER: 'X-Api-Key=k1\nX-Tenant=t, u\n' } },
    });
    expect(fromEnv.values['openapi-header']).toEqual(['X-Api-Key=k1', 'X-Tenant=t, u']);
  });

  it('refuse a header that is not NAME=VALUE without showing it', async () => {
    const problems = await problemsOf(
      resolveSettings({
        flags: { openapiHeader: ['X-Ok=1', 'Bearer s3cret'] },
        io: { env: {}, cwd: tempDir.current() },
      }),
    );
    expect(problems).toEqual([
      '--openapi-header entry 2 must be NAME=VALUE with NAME a header name',
    ]);
  });

  it('refuse headers in a config file, pointing at the flag, the variable and the file form', async () => {
    const dir = tempDir.current();
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      'openapi-header: [Authorization=Bearer s3cret]\n',
    );
    const problems = await problemsOf(resolveSettings({ flags: {}, io: { env: {}, cwd: dir } }));
    expect(problems).toEqual([
      '"openapi-header" in apcore-mcp.yaml: credentials do not belong in a config file; pass --openapi-header, set APCORE_MCP_OPENAPI_HEADER, or "openapi-header-file" to a file holding them',
    ]);
    expect(problems.join('\n')).not.toContain('s3cret');
  });
});
