import type { Argv } from 'yargs';
import { GROUPING_KEYS, SELECTION_KEYS, withSettings } from './command-line-options.js';
import { checkExportFlags } from './commands/export/check-export-flags.js';
import { EXPORT_FORMATS } from './commands/export/export-formats.js';

/** Picks the invocation the export commands' handler reports. */
type PickExportCommand = (command: 'export') => (flags: Record<string, unknown>) => void;

/**
 * The flags of an export: the settings that select and group modules, the format's flags
 * (checked against the format table: a format refuses a flag it does not take), `-o`.
 */
function withExportFlags(parser: Argv, fixedFormat?: string): Argv {
  return withSettings(parser, [...SELECTION_KEYS, ...GROUPING_KEYS])
    .option('strict', {
      type: 'boolean',
      describe: "Rewrite schemas for the provider's strict mode; skip modules that cannot be",
    })
    .option('embed-annotations', {
      type: 'boolean',
      describe: 'Append the annotation summary to each description',
    })
    .option('drop-unsupported', {
      type: 'boolean',
      describe: 'Drop the schema keywords the provider refuses instead of skipping the module',
    })
    .option('cache-control', {
      type: 'boolean',
      describe: 'anthropic: mark the last tool for prompt caching (cache_control ephemeral)',
    })
    .option('input-examples', {
      type: 'boolean',
      describe: "anthropic: send each module's example inputs as input_examples",
    })
    .option('openapi-parameters', {
      type: 'boolean',
      describe:
        'gemini: declare parameters in the OpenAPI-subset `parameters` field instead of `parametersJsonSchema`',
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      requiresArg: true,
      describe: 'Write the JSON to this file instead of stdout',
    })
    .check((flags) => {
      checkExportFlags(flags, fixedFormat === undefined ? {} : { fixedFormat });
      return true;
    });
}

function withExport(parser: Argv): Argv {
  const formats = EXPORT_FORMATS.map(({ name, summary }) => `${name} (${summary})`).join(', ');
  return withExportFlags(
    parser.option('format', {
      type: 'string',
      requiresArg: true,
      describe: `The model API whose tool format to print (required): ${formats}`,
    }),
  );
}

/**
 * `apcore-mcp export --format NAME` and `apcore-mcp openai export` (the OpenAI format, kept as
 * its own command).
 *
 * @example
 * ```ts
 * withExportCommands(parser, (command) => (flags) => select({ command, flags }));
 * ```
 */
export function withExportCommands(parser: Argv, pick: PickExportCommand): Argv {
  return parser
    .command(
      'export',
      `Print the tools in a model API's format as JSON (--format ${EXPORT_FORMATS.map((format) => format.name).join('|')})`,
      withExport,
      pick('export'),
    )
    .command('openai', 'OpenAI function-calling tools', (inner) =>
      inner
        .command(
          'export',
          'Print the OpenAI tool definitions as JSON (export --format openai)',
          (exportParser) => withExportFlags(exportParser, 'openai'),
          // The OpenAI format under its first name: the same command, its format fixed.
          (flags) => pick('export')({ ...flags, format: 'openai' }),
        )
        .demandCommand(1, 'Name a subcommand: apcore-mcp openai export'),
    );
}
