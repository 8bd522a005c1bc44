import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemsOf, useTempDir } from '../__fixtures__/settings-dir.js';
import { refuseInvalidOptions } from './refuse-invalid-options.js';
import { resolveSettings } from './resolve-settings.js';

const tempDir = useTempDir();

describe('the middleware setting', () => {
  it('reads the config file list of mappings, its scalars typed', async () => {
    const dir = tempDir.current();
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      [
        'middleware:',
        '  - type: retry',
        '    max_retries: 2',
        '    base_delay_ms: 0.5',
        '    jitter: false',
        '  - { type: logging, log_outputs: off }',
        '',
      ].join('\n'),
    );
    const resolved = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(resolved.serveOptions.middleware).toEqual([
      { type: 'retry', max_retries: 2, base_delay_ms: 0.5, jitter: false },
      { type: 'logging', log_outputs: 'off' },
    ]);
    // `off` is no boolean of YAML's core schema: the server names the field.
    expect(() => refuseInvalidOptions(resolved)).toThrow(
      'middleware[1].log_outputs: must be true or false, got "off"',
    );
  });

  it('refuses a middleware value that is not a list, and has no variable form', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'middleware: retry\n');
    const problems = await problemsOf(resolveSettings({ flags: {}, io: { env: {}, cwd: dir } }));
    expect(problems).toEqual([
      '"middleware" in apcore-mcp.yaml must be a list of mappings (got "retry")',
    ]);
    const noFile = join(dir, 'no-file');
    await mkdir(noFile);
    const fromEnv = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_MIDDLEWARE: '[]' }, cwd: noFile },
    });
    expect(fromEnv.serveOptions.middleware).toBeUndefined();
    expect(fromEnv.warnings).toEqual([
      'APCORE_MCP_MIDDLEWARE ignored: "middleware" is set in the config file only',
    ]);
  });
});
