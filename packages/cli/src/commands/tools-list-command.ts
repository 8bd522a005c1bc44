import type { ModuleAnnotations, RegistryLike } from '@apcore-mcp/core';
import type { McpTool, ServedTool } from '@apcore-mcp/server';
import { ExitCode } from '../exit-codes.js';
import { formatTable } from '../format-table.js';
import type { CliIo } from '../io.js';
import type { ResolvedSettings } from '../settings/settings.js';
import {
  buildListedTools,
  loadModulesForListing,
  reportSkipped,
  type SkippedEntry,
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

function requiredArguments(tool: McpTool): string {
  const required = tool.inputSchema.required;
  return Array.isArray(required) && required.length > 0 ? required.join(', ') : '-';
}

function toRow({ moduleId, tool }: ServedTool, registry: RegistryLike): string[] {
  const annotations = registry.getDefinition(moduleId)?.annotations;
  return [
    tool.name,
    moduleId,
    tool.title ?? '-',
    describeAnnotations(annotations),
    requiredArguments(tool),
  ];
}

/** A tool's MCP definition with its module id beside its name. */
function toJsonEntry({ moduleId, tool }: ServedTool): Record<string, unknown> {
  const { name, ...rest } = tool;
  return { name, moduleId, ...rest };
}

/**
 * `apcore-mcp tools list`: the tools the server would serve (tool name, module id, title,
 * annotations, required arguments) as a table, or with `--json` as `{ tools, skipped }` (the MCP
 * tool definitions, each with its `moduleId` beside its `name`). Names follow `--tool-names`.
 * Skipped files and modules are reported on stderr (and in the JSON).
 */
export async function runToolsListCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const { registry, skippedFiles } = await loadModulesForListing(resolved);
  const { tools, skipped } = buildListedTools(registry, resolved.settings);
  const entries: SkippedEntry[] = [...skippedFiles, ...skipped];
  if (flags.json === true) {
    const json = { tools: tools.map(toJsonEntry), skipped: entries };
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    const rows = tools.map((served) => toRow(served, registry));
    io.stdout.write(
      formatTable(['NAME', 'MODULE ID', 'TITLE', 'ANNOTATIONS', 'REQUIRED ARGS'], rows),
    );
  }
  reportSkipped(entries, io);
  io.stderr.write(`${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}\n`);
  return ExitCode.Success;
}
