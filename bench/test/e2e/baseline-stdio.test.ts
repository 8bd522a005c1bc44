import { writeFile } from 'node:fs/promises';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_STDIO_ARGUMENTS } from '../../src/baseline/baseline-stdio-script.js';
import { createBaselineTools } from '../../src/baseline/baseline-tools.js';
import { BENCH_DIR } from '../../src/process/children.js';
import { createTempDir, type TempDir } from '../../src/temp-dir.js';
import { CALL_ANSWER_TEXT, CALL_ARGUMENTS } from '../../src/workload/trivial-handler.js';
import { CALLED_TOOL_NAME } from '../../src/workload/workload-modules.js';

const TOOL_COUNT = 10;
const ERAS = ['2025-11-25', '2026-07-28'] as const;

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
    try {
      const tools = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        createBaselineTools(TOOL_COUNT).map((tool) => tool.name),
      );
      const result = await client.callTool(CALLED_TOOL_NAME, { ...CALL_ARGUMENTS });
      expect(result).toMatchObject({ isError: false, content: [{ text: CALL_ANSWER_TEXT }] });
    } finally {
      await client.close();
    }
  });
});
