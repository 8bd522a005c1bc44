import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemsOf, useTempDir } from '../__fixtures__/settings-dir.js';
import { resolveSettings } from './resolve-settings.js';

const tempDir = useTempDir();

describe('resolveSettings: the governance settings', () => {
  it('reads ledger (relative to the config file) and usage from every source', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'ledger: logs/ledger.jsonl\nusage: yes\n');
    const { values } = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(values.ledger).toBe(join(dir, 'logs', 'ledger.jsonl'));
    expect(values.usage).toBe(true);
    const fromEnv = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_LEDGER: 'calls.jsonl', APCORE_MCP_USAGE: 'false' }, cwd: dir },
    });
    expect(fromEnv.values.ledger).toBe(join(dir, 'calls.jsonl'));
    expect(fromEnv.values.usage).toBe(false);
    const problems = await problemsOf(
      resolveSettings({ flags: { usage: 'maybe', ledger: '' }, io: { env: {}, cwd: dir } }),
    );
    expect(problems).toEqual([
      '--ledger must not be empty',
      '--usage must be true or false (got "maybe")',
    ]);
  });

  it('reads the usage admin roles from every source, as a list', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'usage-admin-role: [admin, auditor]\n');
    const fromFile = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(fromFile.values['usage-admin-role']).toEqual(['admin', 'auditor']);
    const fromEnv = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_USAGE_ADMIN_ROLE: 'ops' }, cwd: dir },
    });
    expect(fromEnv.values['usage-admin-role']).toEqual(['ops']);
    const fromFlags = await resolveSettings({
      flags: { usageAdminRole: ['root', 'admin'] },
      io: { env: {}, cwd: dir },
    });
    expect(fromFlags.values['usage-admin-role']).toEqual(['root', 'admin']);
    expect(fromFlags.sources['usage-admin-role']).toEqual({
      kind: 'flag',
      flag: '--usage-admin-role',
    });
  });

  it('resolves the acl file like a directory: against the config file, else the cwd', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'custom.yaml'), 'acl: rules/acl.yaml\n');
    const fromFile = await resolveSettings({
      flags: { config: join(dir, 'custom.yaml') },
      io: { env: {}, cwd: '/somewhere/else' },
    });
    expect(fromFile.values.acl).toBe(join(dir, 'rules', 'acl.yaml'));
    expect(fromFile.sources.acl).toMatchObject({ kind: 'file', writtenKey: 'acl' });
    const fromEnv = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_ACL: 'acl.yaml' }, cwd: dir },
    });
    expect(fromEnv.values.acl).toBe(join(dir, 'acl.yaml'));
    const fromFlag = await resolveSettings({
      flags: { acl: '/etc/acl.yaml' },
      io: { env: {}, cwd: dir },
    });
    expect(fromFlag.values.acl).toBe('/etc/acl.yaml');
    expect(
      await problemsOf(resolveSettings({ flags: { acl: '' }, io: { env: {}, cwd: dir } })),
    ).toEqual(['--acl must not be empty']);
  });
});
