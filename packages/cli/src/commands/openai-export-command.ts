import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { toModuleFilter } from '@apcore-mcp/core/bridge';
import { toOpenaiToolsDetailed } from '@apcore-mcp/openai';
import { encodeActionTable } from '@apcore-mcp/toon';
import { CliError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import type { ResolvedSettings } from '../settings/settings.js';
import {
  loadModulesForListing,
  reportSkipped,
  type SkippedEntry,
} from './load-modules-for-listing.js';

/**
 * `apcore-mcp openai export`: the OpenAI function-calling tool definitions (a JSON array, ready
 * for `tools:`) on stdout or, with `-o FILE`, in a file. `--strict` and `--embed-annotations`
 * as in `toOpenaiTools`; `--grouping`, `--max-tools` and `--toon-descriptions` fold modules into
 * grouped functions as `serve` does. Skipped files and modules are reported on stderr.
 *
 * @throws {CliError} when the output file cannot be written (exit 1).
 */
export async function runOpenaiExportCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  const { registry, skippedFiles } = await loadModulesForListing(resolved);
  const { grouping, maxTools, groupAnnotations, toonDescriptions } = resolved.serveOptions;
  const { tools, skipped } = toOpenaiToolsDetailed(registry, {
    ...toModuleFilter(resolved.serveOptions),
    strict: flags.strict === true,
    embedAnnotations: flags.embedAnnotations === true,
    ...(grouping === undefined ? {} : { grouping }),
    ...(maxTools === undefined ? {} : { maxTools }),
    ...(groupAnnotations === undefined ? {} : { groupAnnotations }),
    ...(toonDescriptions === true ? { encodeTable: encodeActionTable } : {}),
  });
  const json = `${JSON.stringify(tools, null, 2)}\n`;
  const entries: SkippedEntry[] = [
    ...skippedFiles,
    ...skipped.map(({ moduleId, reason }) => ({ moduleId, reason })),
  ];
  if (typeof flags.output === 'string') {
    const path = resolve(io.cwd, flags.output);
    try {
      await writeFile(path, json);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new CliError(`--output: cannot write ${path}: ${reason}`, {
        code: 'INVALID_ARGUMENT',
        details: { flag: '--output', path },
        cause: error,
      });
    }
    io.stderr.write(`Wrote ${tools.length} tools to ${path}\n`);
  } else {
    io.stdout.write(json);
  }
  reportSkipped(entries, io);
  return ExitCode.Success;
}
