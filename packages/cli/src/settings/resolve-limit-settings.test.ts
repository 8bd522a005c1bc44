import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemsOf, useTempDir } from '../__fixtures__/settings-dir.js';
import { resolveSettings } from './resolve-settings.js';

const tempDir = useTempDir();

describe('resolveSettings: limits', () => {
  it('reads limits and the store from the file, variables and flags alike', async () => {
    const dir = tempDir.current();
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      'rate-limit: 60/min,1000/day\nrate_limit_destructive: 5/min\nbudget: 100/day\n',
    );
    const { values, sources, serveOptions } = await resolveSettings({
      flags: { budget: '50/day' },
      io: { env: { APCORE_MCP_STORE: 'redis://cache:6379' }, cwd: dir },
    });
    expect(values).toMatchObject({
      'rate-limit': '60/min,1000/day',
      'rate-limit-destructive': '5/min',
      budget: '50/day',
      store: 'redis://cache:6379',
    });
    expect(serveOptions.limits).toEqual({
      calls: '60/min,1000/day',
      destructiveCalls: '5/min',
      budget: '50/day',
    });
    // The command opens the Redis store itself: the URL is no store yet.
    expect(serveOptions.store).toBeUndefined();
    expect(sources.store).toEqual({ kind: 'env', name: 'APCORE_MCP_STORE' });
    expect(sources.budget).toEqual({ kind: 'flag', flag: '--budget' });
  });

  it('reads the cost cap from every source into limits.maxCostPerCall, a decimal', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'max-cost-per-call: 0.75\nbudget: 10/day\n');
    const fromFile = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(fromFile.serveOptions.limits).toEqual({ budget: '10/day', maxCostPerCall: 0.75 });
    const fromEnv = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_MAX_COST_PER_CALL: '2.5' }, cwd: dir },
    });
    expect(fromEnv.serveOptions.limits).toMatchObject({ maxCostPerCall: 2.5 });
    const fromFlag = await resolveSettings({
      flags: { maxCostPerCall: '4' },
      io: { env: { APCORE_MCP_MAX_COST_PER_CALL: '2.5' }, cwd: dir },
    });
    expect(fromFlag.serveOptions.limits).toMatchObject({ maxCostPerCall: 4 });
    expect(fromFlag.sources['max-cost-per-call']).toEqual({
      kind: 'flag',
      flag: '--max-cost-per-call',
    });
  });

  it('names a bad cost cap by the flag, variable or key that gave it', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'max-cost-per-call: -1\n');
    const problems = await problemsOf(
      resolveSettings({
        flags: { maxCostPerCall: 'lots' },
        io: { env: { APCORE_MCP_MAX_COST_PER_CALL: 'Infinity' }, cwd: dir },
      }),
    );
    expect(problems).toEqual([
      '"max-cost-per-call" in apcore-mcp.yaml must be a number of at least 0, e.g. 2.5 (got "-1")',
      'APCORE_MCP_MAX_COST_PER_CALL must be a number of at least 0, e.g. 2.5 (got "Infinity")',
      '--max-cost-per-call must be a number of at least 0, e.g. 2.5 (got "lots")',
    ]);
  });

  it('reads a limits file relative to the config file, as limits.file', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'limits-file: limits.json\n');
    const { serveOptions } = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(serveOptions.limits).toEqual({ file: join(dir, 'limits.json') });
  });

  it('names every bad limit, wherever it was written', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'rate-limit: 60 per minute\n');
    const problems = await problemsOf(
      resolveSettings({
        flags: { store: 'localhost:6379' },
        io: { env: { APCORE_MCP_BUDGET: '-5/day' }, cwd: dir },
      }),
    );
    expect(problems).toEqual([
      '"rate-limit" in apcore-mcp.yaml must be AMOUNT/UNIT[,AMOUNT/UNIT...] with UNIT min, hour, day or month, e.g. 60/min,1000/day (got "60 per minute")',
      'APCORE_MCP_BUDGET must be AMOUNT/UNIT[,AMOUNT/UNIT...] with UNIT min, hour, day or month, e.g. 100/day (got "-5/day")',
      '--store must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (got "localhost:6379")',
    ]);
  });
});
