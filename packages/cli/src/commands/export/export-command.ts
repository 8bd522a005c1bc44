import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { toModuleFilter } from '@apcore-mcp/core/bridge';
import { encodeActionTable } from '@apcore-mcp/toon';
import { CliError } from '../../cli-error.js';
import { ExitCode } from '../../exit-codes.js';
import type { CliIo } from '../../io.js';
import type { ResolvedSettings } from '../../settings/settings.js';
import { loadModulesForListing } from '../load-modules-for-listing.js';
import { checkExportFlags } from './check-export-flags.js';
import type { FormatExportOptions } from './export-formats.js';
import { reportExportSkipped } from './report-export-skipped.js';

/** The export options of the settings (filters, grouping) and of the command's flags. */
function readExportOptions(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
): FormatExportOptions {
  const { grouping, maxTools, groupAnnotations, toonDescriptions } = resolved.serveOptions;
  return {
    ...toModuleFilter(resolved.serveOptions),
    ...(flags.strict === true ? { strict: true } : {}),
    ...(flags.embedAnnotations === true ? { embedAnnotations: true } : {}),
    ...(flags.dropUnsupported === true ? { dropUnsupportedKeywords: true } : {}),
    ...(flags.cacheControl === true ? { cacheControl: { type: 'ephemeral' } as const } : {}),
    ...(flags.inputExamples === true ? { inputExamples: true } : {}),
    ...(flags.openapiParameters === true ? { schemaField: 'parameters' as const } : {}),
    ...(grouping === undefined ? {} : { grouping }),
    ...(maxTools === undefined ? {} : { maxTools }),
    ...(groupAnnotations === undefined ? {} : { groupAnnotations }),
    ...(toonDescriptions === true ? { encodeTable: encodeActionTable } : {}),
  };
}

async function writeOutput(path: string, json: string): Promise<void> {
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
}

/**
 * `apcore-mcp export --format NAME` (and `apcore-mcp openai export`, its OpenAI format): the
 * registry's tools in a model API's format as JSON on stdout or, with `-o FILE`, in a file.
 * The settings filter and group the modules as `serve` does; `--strict`, `--embed-annotations`
 * and `--drop-unsupported` go to the format's package. Files that did not load and modules the
 * format cannot take are reported on stderr, each module once with all its reasons; the command
 * still exits 0.
 *
 * @throws {CliError} when the output file cannot be written (exit 1).
 */
export async function runExportCommand(
  resolved: ResolvedSettings,
  flags: Readonly<Record<string, unknown>>,
  io: CliIo,
): Promise<number> {
  // Checked by the command line already; read again here so a caller cannot skip the checks.
  const format = checkExportFlags(flags);
  const build = await format.load();
  const { registry, skippedFiles } = await loadModulesForListing(resolved);
  const { output, toolCount, skipped } = build(registry, readExportOptions(resolved, flags));
  const json = `${JSON.stringify(output, null, 2)}\n`;
  if (typeof flags.output === 'string') {
    const path = resolve(io.cwd, flags.output);
    await writeOutput(path, json);
    io.stderr.write(`Wrote ${toolCount} tools to ${path}\n`);
  } else {
    io.stdout.write(json);
  }
  reportExportSkipped(skippedFiles, skipped, io);
  return ExitCode.Success;
}
