import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaselineTools } from '../../src/baseline/baseline-tools.js';
import { BASELINE_V2_HTTP_ARGUMENTS } from '../../src/baseline/baseline-v2-http-script.js';
import { runClientLoad } from '../../src/http/run-client-load.js';
import { spawnTracked, stopChild, waitForListening } from '../../src/process/children.js';
import { createTempDir } from '../../src/temp-dir.js';
import { ERAS, expectBaselineServes } from '../helpers/expect-baseline-serves.js';

const TOOL_COUNT = 10;

// Structure only, like the smoke pass: both eras answered, every call right; never a timing.
describe('the hand-written 2.x SDK baseline over Streamable HTTP', () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const dir = await createTempDir('apcore-mcp-bench-v2-');
    try {
      const toolsFile = `${dir.path}/tools.json`;
      await writeFile(toolsFile, JSON.stringify(createBaselineTools(TOOL_COUNT)));
      child = spawnTracked(process.execPath, BASELINE_V2_HTTP_ARGUMENTS, {
        env: { ...process.env, BASELINE_TOOLS_FILE: toolsFile, BASELINE_PORT: '0' },
      });
      url = `http://127.0.0.1:${await waitForListening(child, 30_000)}/mcp`;
    } finally {
      await dir.remove();
    }
  });
  afterAll(async () => {
    if (child !== undefined) await stopChild(child);
  });

  it.each(ERAS)('lists the workload tools and calls one, for a %s client', async (era) => {
    const client = await connectClient({ era, transport: 'http', url });
    await expectBaselineServes(client, TOOL_COUNT);
  });

  it.each(ERAS)('answers a bounded load of %s clients without an error', async (era) => {
    const result = await runClientLoad({
      url,
      era,
      clients: 3,
      callsPerClient: 5,
      deadlineMs: 30_000,
    });
    expect(result.errors).toBe(0);
    expect(result.succeeded).toBe(15);
  });
});
