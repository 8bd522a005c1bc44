import { relative } from 'node:path';
import { silentLogger, ToolNameCollisionError } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { inspectServer, type ServerInventory } from '@apcore-mcp/server';
import { CliError } from '../cli-error.js';
import { requireExtensionsDir } from '../extensions/extensions-dir.js';
import type { CliIo } from '../io.js';
import type { ResolvedSettings } from '../settings/settings.js';

/** A file or module a listing left out, and why. */
export interface SkippedEntry {
  /** The module file, relative to the extensions directory (a file that did not load). */
  path?: string;
  /** The module (one that loaded but cannot be served). */
  moduleId?: string;
  reason: string;
}

/** The registry a listing command reads, and the files discovery skipped. */
export interface ListingSource {
  rootDir: string;
  registry: Registry;
  skippedFiles: SkippedEntry[];
}

/**
 * Discovers the extensions directory for a listing command. Discovery is silent: the command
 * reports skipped files itself ({@link reportSkipped}).
 */
export async function loadModulesForListing(resolved: ResolvedSettings): Promise<ListingSource> {
  const rootDir = await requireExtensionsDir(resolved);
  const registry = new Registry({ extensionsDir: rootDir, logger: silentLogger });
  const report = await registry.discoverDetailed();
  const skippedFiles = report.failed.map(({ path, reason }) => ({
    path: relative(rootDir, path),
    reason,
  }));
  return { rootDir, registry, skippedFiles };
}

/**
 * Writes the skipped files and modules to stderr, one per line, so that stdout keeps only the
 * listing.
 */
export function reportSkipped(entries: readonly SkippedEntry[], io: CliIo): void {
  if (entries.length === 0) return;
  io.stderr.write(`Skipped ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}:\n`);
  for (const entry of entries) {
    const reason = entry.reason.split('\n').join('\n    ');
    io.stderr.write(`  ${entry.path ?? entry.moduleId}: ${reason}\n`);
  }
}

/**
 * The tools a listing command shows: built as `serve` would build them, named by
 * `--tool-names`, grouped by `--grouping`.
 *
 * @throws {CliError} `TOOL_NAME_COLLISION` (exit 1) when two modules would get one tool name.
 */
export async function buildListedTools(
  registry: Registry,
  resolved: ResolvedSettings,
): Promise<ServerInventory> {
  const { tags, anyTags, excludeTags, prefix, toolNames } = resolved.serveOptions;
  const { grouping, maxTools, toonDescriptions, groupAnnotations } = resolved.serveOptions;
  const options = { tags, anyTags, excludeTags, prefix, toolNames };
  const folding = { grouping, maxTools, toonDescriptions, groupAnnotations };
  try {
    return await inspectServer(registry, withoutUnset({ ...options, ...folding }));
  } catch (error) {
    if (!ToolNameCollisionError.isInstance(error)) throw error;
    throw new CliError(error.message, {
      code: 'TOOL_NAME_COLLISION',
      details: error.details,
      cause: error,
    });
  }
}

/** The options that were given: `inspectServer` fills in the rest. */
function withoutUnset<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
