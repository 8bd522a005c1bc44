import type { McpClientHandle } from '@apcore-mcp/test-support/clients';
import { expect } from 'vitest';
import { createBaselineTools } from '../../src/baseline/baseline-tools.js';
import { CALL_ANSWER_TEXT, CALL_ARGUMENTS } from '../../src/workload/trivial-handler.js';
import { CALLED_TOOL_NAME } from '../../src/workload/workload-modules.js';

/** The protocol revisions each baseline is checked with, one client of each. */
export const ERAS = ['2025-11-25', '2026-07-28'] as const;

/**
 * Checks that a baseline lists the `toolCount` workload tools and answers a call to one the way
 * the trivial handler does; closes the client either way.
 */
export async function expectBaselineServes(
  client: McpClientHandle,
  toolCount: number,
): Promise<void> {
  try {
    const tools = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      createBaselineTools(toolCount).map((tool) => tool.name),
    );
    const result = await client.callTool(CALLED_TOOL_NAME, { ...CALL_ARGUMENTS });
    expect(result).toMatchObject({ isError: false, content: [{ text: CALL_ANSWER_TEXT }] });
  } finally {
    await client.close();
  }
}
