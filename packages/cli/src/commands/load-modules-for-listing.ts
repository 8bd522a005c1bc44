import { relative } from 'node:path';
import { ToolNameCollisionError } from '@apcore-mcp/core';
import { silentLogger } from '@apcore-mcp/core/bridge';
import { Registry } from '@apcore-mcp/runtime';
import { inspectServer, type ServerInventory } from '@apcore-mcp/server';
import { CliError } from '../cli-error.js';
import { findExtensionsDir } from '../extensions/extensions-dir.js';
import { moduleCacheOption } from '../extensions/module-cache-option.js';
import type { CliIo } from '../io.js';
import { readOpenapiSources } from '../openapi/read-openapi-sources.js';
import type { ResolvedSettings } from '../settings/settings.js';

/** A file or module a listing left out, and why. */
export interface SkippedEntry {
  /**
   * The file, relative to the extensions directory: one that did not load, or the module's; or
   * the OpenAPI document of a skipped operation.
   */
  path?: string;
  /** The module (one that loaded but cannot be served). */
  moduleId?: string;
  reason: string;
}

/** The registry a listing command reads, and the files discovery skipped. */
export interface ListingSource {
  /** The extensions directory; `undefined` when only OpenAPI documents are read. */
  rootDir: string | undefined;
  registry: Registry;
  skippedFiles: SkippedEntry[];
}

/**
 * Discovers the extensions directory and registers the operations of the `--openapi`
 * documents for a listing command. Loading is silent: the command reports skipped files and
 * operations itself ({@link reportSkipped}).
 *
 * @throws {CliError} (exit 1) no source of modules, a bad extensions directory, or a document
 *   that does not load (one line naming it).
 */
export async function loadModulesForListing(resolved: ResolvedSettings): Promise<ListingSource> {
  const openapi = await readOpenapiSources(resolved);
  const rootDir = await findExtensionsDir(resolved, openapi !== undefined);
  const registry = new Registry({
    ...(rootDir === undefined ? {} : { extensionsDir: rootDir }),
    logger: silentLogger,
    moduleCache: moduleCacheOption(resolved),
  });
  const skippedFiles: SkippedEntry[] = [];
  if (rootDir !== undefined) {
    const report = await registry.discoverDetailed();
    for (const { path, reason } of report.failed) {
      skippedFiles.push({ path: relative(rootDir, path), reason });
    }
  }
  if (openapi !== undefined) {
    // Loaded only with --openapi: the document parser is a large part of a listing without it.
    const { registerDocuments } = await import('../openapi/register-documents.js');
    const { skipped } = await registerDocuments(registry, openapi, {
      logger: silentLogger,
      withExtensions: rootDir !== undefined,
      projectRoot: process.cwd(),
    });
    for (const { document, moduleId, reason } of skipped) {
      skippedFiles.push({
        path: document,
        ...(moduleId === undefined ? {} : { moduleId }),
        reason,
      });
    }
  }
  return { rootDir, registry, skippedFiles };
}

/**
 * Writes the skipped files and modules to stderr, one per line, so that stdout keeps only the
 * listing.
 */
export function reportSkipped(entries: readonly SkippedEntry[], io: CliIo): void {
  if (entries.length === 0) return;
  io.stderr.write(`Skipped ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}:\n`);
  for (const entry of entries) io.stderr.write(`  ${formatSkippedEntry(entry)}\n`);
}

/**
 * One skipped entry as a listing reports it: what it is, then its reason, whose further lines
 * are indented under it.
 *
 * @example
 * ```ts
 * formatSkippedEntry({ path: 'broken.mjs', reason: 'SyntaxError: ...' }); // 'broken.mjs: SyntaxError: ...'
 * ```
 */
export function formatSkippedEntry(entry: SkippedEntry): string {
  return `${describeEntry(entry)}: ${entry.reason.split('\n').join('\n    ')}`;
}

/** `orders.place (orders/place.ts)`, a module and its file; `broken.mjs`, a file alone. */
function describeEntry({ moduleId, path }: SkippedEntry): string {
  if (moduleId === undefined) return path ?? '';
  return path === undefined ? moduleId : `${moduleId} (${path})`;
}

/** What `serve` would serve of a listing's registry, and the modules it would leave out. */
export type ListedTools = Omit<ServerInventory, 'skipped'> & { skipped: SkippedEntry[] };

/**
 * The tools a listing command shows: built as `serve` would build them, named by
 * `--tool-names`, grouped by `--grouping`; the modules left out with their file (relative to
 * the extensions directory) and why.
 *
 * @throws {CliError} `TOOL_NAME_COLLISION` (exit 1) when two modules would get one tool name.
 */
export async function buildListedTools(
  source: ListingSource,
  resolved: ResolvedSettings,
): Promise<ListedTools> {
  const { tags, anyTags, excludeTags, prefix, toolNames } = resolved.serveOptions;
  const { grouping, maxTools, toonDescriptions, groupAnnotations } = resolved.serveOptions;
  const options = { tags, anyTags, excludeTags, prefix, toolNames };
  const folding = { grouping, maxTools, toonDescriptions, groupAnnotations };
  try {
    const inventory = await inspectServer(
      source.registry,
      withoutUnset({ ...options, ...folding }),
    );
    const skipped = inventory.skipped.map(({ moduleId, file, reason }) => ({
      moduleId,
      ...(file === undefined || source.rootDir === undefined
        ? {}
        : { path: relative(source.rootDir, file) }),
      reason,
    }));
    return { ...inventory, skipped };
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
