import type { ModuleAnnotations, RegistryLike } from '@apcore-mcp/core';
import { MCPServerFactory } from '@apcore-mcp/server';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ExitCode } from '../exit-codes.js';
import { formatTable } from '../format-table.js';
import type { CliIo } from '../io.js';
import type { ResolvedSettings } from '../settings/settings.js';
import {
  loadModulesForListing,
  reportSkipped,
  type SkippedEntry,
  toListOptions,
} from './load-modules-for-listing.js';

const FLAG_ANNOTATIONS = [
  'readonly',
  'destructive',
  'idempotent',
  'requiresApproval',
  'streaming',
] as const;

/** The annotations that say something: the flags that are set, and a closed world. */
export function describeAnnotations(
  annotations: Partial<ModuleAnnotations> | null | undefined,
): string {
  if (annotations === undefined || annotations === null) return '-';
  const words: string[] = FLAG_ANNOTATIONS.filter((flag) => annotations[flag] === true);
  if (annotations.openWorld === false) words.push('openWorld=false');
  return words.length === 0 ? '-' : words.join(', ');
}

function requiredArguments(tool: Tool): string {
  const required = tool.inputSchema.required;
  return Array.isArray(required) && required.length > 0 ? required.join(', ') : '-';
}

function toRow(tool: Tool, registry: RegistryLike): string[] {
  const annotations = registry.getDefinition(tool.name)?.annotations;
  return [tool.name, tool.title ?? '-', describeAnnotations(annotations), requiredArguments(tool)];
}

/**
 * `apcore-mcp tools list`: the tools the server would serve (id, title, annotations, required
 * arguments) as a table, or with `--json` as `{ tools, skipped }` (the MCP tool definitions).
 * Skipped files and modules are reported on stderr (and in the JSON).
 */
export async function runToolsListCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const { registry, skippedFiles } = await loadModulesForListing(resolved);
  const { tools, skipped } = new MCPServerFactory().buildTools(
    registry,
    toListOptions(resolved.settings),
  );
  const entries: SkippedEntry[] = [...skippedFiles, ...skipped];
  if (flags.json === true) {
    io.stdout.write(`${JSON.stringify({ tools, skipped: entries }, null, 2)}\n`);
  } else {
    const rows = tools.map((tool) => toRow(tool, registry));
    io.stdout.write(formatTable(['ID', 'TITLE', 'ANNOTATIONS', 'REQUIRED ARGS'], rows));
  }
  reportSkipped(entries, io);
  io.stderr.write(`${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}\n`);
  return ExitCode.Success;
}
