import type { ModuleAnnotations } from '@apcore-mcp/core';
import type { RegistryLike } from '@apcore-mcp/core/bridge';
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

function toRow({ moduleId, tool }: ServedTool, registry: RegistryLike, name = tool.name): string[] {
  const annotations = registry.getDefinition(moduleId)?.annotations;
  return [
    name,
    moduleId,
    tool.title ?? '-',
    describeAnnotations(annotations),
    requiredArguments(tool),
  ];
}

/** A plain tool's row; a grouped tool's row, then one indented row per action and its module. */
function toRows(served: ServedTool, registry: RegistryLike): string[][] {
  const { actions, tool } = served;
  if (actions === undefined) return [toRow(served, registry)];
  const hints = tool.annotations ?? {};
  // The group's own annotations: the conservative aggregate of its actions'.
  const aggregate = describeAnnotations({
    readonly: hints.readOnlyHint === true,
    destructive: hints.destructiveHint === true,
    idempotent: hints.idempotentHint === true,
    requiresApproval: tool._meta?.['apcore/requiresApproval'] === true,
    openWorld: hints.openWorldHint !== false,
  });
  const group = [tool.name, `(${actions.size} actions)`, tool.title ?? '-', aggregate, 'action'];
  const members = [...actions].map(([action, entry]) =>
    toRow(entry, registry, `  action=${action}`),
  );
  return [group, ...members];
}

/** A tool's MCP definition with its module id beside its name (a group: each action's module). */
function toJsonEntry({ moduleId, tool, actions }: ServedTool): Record<string, unknown> {
  const { name, ...rest } = tool;
  if (actions === undefined) return { name, moduleId, ...rest };
  const modules = Object.fromEntries(
    [...actions].map(([action, entry]) => [action, entry.moduleId]),
  );
  return { name, group: moduleId, actions: modules, ...rest };
}

/**
 * `apcore-mcp tools list`: the tools the server would serve (tool name, module id, title,
 * annotations, required arguments) as a table, or with `--json` as `{ tools, skipped }` (the MCP
 * tool definitions, each with its `moduleId` beside its `name`; a grouped tool has its `group`
 * and `actions` instead). Names follow `--tool-names`, grouping `--grouping`.
 * Skipped files and modules (a module whose schemas are not valid JSON Schema, say) are
 * reported on stderr, and in the JSON's `skipped`: `{ path?, moduleId?, reason }`.
 */
export async function runToolsListCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const source = await loadModulesForListing(resolved);
  const { registry, skippedFiles } = source;
  const { tools, skipped } = await buildListedTools(source, resolved);
  const entries: SkippedEntry[] = [...skippedFiles, ...skipped];
  if (flags.json === true) {
    const json = { tools: tools.map(toJsonEntry), skipped: entries };
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    const rows = tools.flatMap((served) => toRows(served, registry));
    io.stdout.write(
      formatTable(['NAME', 'MODULE ID', 'TITLE', 'ANNOTATIONS', 'REQUIRED ARGS'], rows),
    );
  }
  reportSkipped(entries, io);
  io.stderr.write(`${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}\n`);
  return ExitCode.Success;
}
