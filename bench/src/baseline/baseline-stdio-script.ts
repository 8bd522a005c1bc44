import { BASELINE_V2_SERVER } from './baseline-v2-server.js';
/**
 * The hand-written stdio server on the MCP SDK's 2.x packages (the ones our stdio transport is
 * built on), as the JavaScript source `node -e` runs: only `@modelcontextprotocol/server` and its
 * `/stdio` entry. It serves both protocol revisions over stdin and stdout the way the 2.x SDK
 * documents, through `serveStdio` (as ours does): a low-level `Server` built for whichever
 * opening comes (a 2025-11-25 `initialize`, or 2026-07-28 `server/discover`), with the tools of
 * the JSON file named by `BASELINE_TOOLS_FILE` (already inlined) and the trivial handler. It
 * ends when stdin closes or on SIGTERM.
 */
export const BASELINE_STDIO_SCRIPT = `
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

${BASELINE_V2_SERVER}

serveStdio(() => createMcpServer());
process.stdin.once('end', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));
`;

/** The `node` arguments that run {@link BASELINE_STDIO_SCRIPT} (from the bench's directory). */
export const BASELINE_STDIO_ARGUMENTS: readonly string[] = [
  '--input-type=module',
  '-e',
  BASELINE_STDIO_SCRIPT,
];
