import { isDefinition } from '@apcore-mcp/core/bridge';
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

/**
 * `apcore-mcp resources list`: the resources the server would serve (`docs://<module id>`, one
 * per served module with documentation, then those of the directory's `defineResource` files),
 * as a table or, with `--json`, as `{ resources, skipped }`.
 */
export async function runResourcesListCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const source = await loadModulesForListing(resolved);
  const { registry, skippedFiles } = source;
  const { skipped, listResources } = await buildListedTools(source, resolved);
  const defined = registry.definitions.flatMap((definition) =>
    isDefinition(definition, 'resource')
      ? [
          {
            uri: definition.uri,
            name: definition.name,
            title: definition.title,
            mimeType: definition.mimeType,
          },
        ]
      : [],
  );
  const resources = [...listResources(), ...defined];
  const entries: SkippedEntry[] = [...skippedFiles, ...skipped];
  if (flags.json === true) {
    io.stdout.write(`${JSON.stringify({ resources, skipped: entries }, null, 2)}\n`);
  } else {
    const rows = resources.map((resource) => [
      resource.uri,
      resource.title ?? '-',
      resource.mimeType ?? '-',
    ]);
    io.stdout.write(formatTable(['URI', 'TITLE', 'MIME TYPE'], rows));
  }
  reportSkipped(entries, io);
  io.stderr.write(`${resources.length} ${resources.length === 1 ? 'resource' : 'resources'}\n`);
  return ExitCode.Success;
}
