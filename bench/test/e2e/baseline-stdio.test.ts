import { writeFile } from 'node:fs/promises';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BASELINE_STDIO_ARGUMENTS } from '../../src/baseline/baseline-stdio-script.js';
import { createBaselineTools } from '../../src/baseline/baseline-tools.js';
import { BENCH_DIR } from '../../src/process/children.js';
import { createTempDir, type TempDir } from '../../src/temp-dir.js';
import { ERAS, expectBaselineServes } from '../helpers/expect-baseline-serves.js';

const TOOL_COUNT = 10;

// Structure only: the server the CLI's start is timed against is a real MCP server.
describe('the hand-written 2.x SDK baseline over stdio', () => {
  let dir: TempDir;
  let toolsFile: string;
  beforeAll(async () => {
    dir = await createTempDir('apcore-mcp-bench-stdio-');
    toolsFile = `${dir.path}/tools.json`;
    await writeFile(toolsFile, JSON.stringify(createBaselineTools(TOOL_COUNT)));
  });
  afterAll(async () => {
    await dir?.remove();
  });

  it.each(ERAS)('lists the workload tools and calls one, for a %s client', async (era) => {
    const client = await connectClient({
      era,
      transport: 'stdio',
      command: process.execPath,
      args: BASELINE_STDIO_ARGUMENTS,
      cwd: BENCH_DIR,
      env: { ...process.env, BASELINE_TOOLS_FILE: toolsFile },
    });
    await expectBaselineServes(client, TOOL_COUNT);
  });
});
