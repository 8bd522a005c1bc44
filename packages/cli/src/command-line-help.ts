import type { Argv } from 'yargs';
import { DEFAULT_CONFIG_FILE } from './settings/setting-names.js';
import { SETTING_SPECS } from './settings/setting-specs.js';

/** The settings only the config file sets (lists of mappings), one line each. */
function fileOnlyLines(): string {
  return SETTING_SPECS.filter((spec) => spec.kind === 'mappings')
    .map((spec) => `\n${spec.key}: (config file only) ${spec.help}`)
    .join('');
}

/**
 * The examples and closing notes of `--help`.
 *
 * @example
 * ```ts
 * withHelpText(yargs(argv).command(...));
 * ```
 */
export function withHelpText(parser: Argv): Argv {
  return parser
    .example('$0 --extensions-dir ./extensions', 'Serve over stdio (for Claude Desktop, Cursor...)')
    .example(
      '$0 --extensions-dir ./extensions --transport streamable-http --port 8000',
      'Serve over Streamable HTTP on http://127.0.0.1:8000/mcp',
    )
    .example(
      '$0 dev --extensions-dir ./extensions',
      'Write modules: open the printed http://127.0.0.1:8000/inspector/ and try them',
    )
    .example(
      '$0 worker --extensions-dir ./extensions --tasks redis://127.0.0.1:6379',
      'Run the task attempts of servers started with the same --tasks',
    )
    .example('$0 tools list --extensions-dir ./extensions', 'Show the tools and skipped modules')
    .epilogue(
      `Every setting can also come from ${DEFAULT_CONFIG_FILE} (or --config FILE) and from APCORE_MCP_<SETTING> environment variables (APCORE_MCP_PORT=9000); flags win over variables, variables over the file.${fileOnlyLines()}\nExit codes: 0 normal shutdown, 1 invalid arguments, 2 startup failure or unparsable command line.`,
    );
}
