import { type Invocation, SCRIPT_NAME } from './invocation.js';
import { CONFIG_FLAG, foldFlagValue, SERVE_FLAG_SPECS } from './setting-flags.js';
import { toCamelCase } from './settings/setting-names.js';

/** The parsed value of one flag, and how many tokens it took; `undefined`: not a plain flag. */
type ReadFlag = { key: string; value: string | true; taken: number } | undefined;

/** `--key value`, `--key=value` or a boolean `--key`, of a flag `serve` takes, read as yargs would. */
function readFlag(token: string, next: string | undefined): ReadFlag {
  if (!token.startsWith('--')) return undefined;
  const equals = token.indexOf('=');
  const key = token.slice(2, equals === -1 ? undefined : equals);
  const spec = SERVE_FLAG_SPECS.get(key);
  // `--config` is a flag of every command, not a setting: plain text.
  if (spec === undefined && key !== CONFIG_FLAG) return undefined;
  if (spec?.kind === 'boolean') return equals === -1 ? { key, value: true, taken: 1 } : undefined;
  const given = equals === -1 ? next : token.slice(equals + 1);
  if (!isPlainValue(given)) return undefined;
  const taken = equals === -1 ? 2 : 1;
  if (spec?.foldCase === undefined) return { key, value: given, taken };
  const value = String(foldFlagValue(spec.foldCase, given));
  // A value outside the choices is refused by yargs, with its message.
  return spec.limits.choices?.includes(value) === true ? { key, value, taken } : undefined;
}

/** A value yargs takes as it is: present, not empty, not what could be read as a flag. */
function isPlainValue(value: string | undefined): value is string {
  return value !== undefined && value !== '' && !value.startsWith('-');
}

/**
 * Reads the command line MCP clients spawn at every start (`[serve] --flag value ...`, each flag
 * one of `serve`'s settings, given once) without loading yargs, which took an eighth of a stdio
 * server's start (bench/README.md). The invocation equals yargs' own, key for key. Anything else
 * (a subcommand, `--help`, an alias, a `--no-` flag, a repeated, unknown or valueless flag, a
 * choice out of range) gives `undefined`: yargs parses it, and words its errors.
 *
 * @example
 * ```ts
 * readPlainServeLine(['--extensions-dir', './ext', '--transport', 'stdio']);
 * // { command: 'serve', flags: { _: [], 'extensions-dir': './ext', extensionsDir: './ext', ... } }
 * readPlainServeLine(['tools', 'list']); // undefined
 * ```
 */
export function readPlainServeLine(argv: readonly string[]): Invocation | undefined {
  const positional = argv[0] === 'serve' ? ['serve'] : [];
  const flags: Record<string, unknown> = { _: positional };
  for (let index = positional.length; index < argv.length; ) {
    const flag = readFlag(argv[index] ?? '', argv[index + 1]);
    // yargs gathers a repeated flag into a list.
    if (flag === undefined || flag.key in flags) return undefined;
    flags[flag.key] = flag.value;
    flags[toCamelCase(flag.key)] = flag.value;
    index += flag.taken;
  }
  flags.$0 = SCRIPT_NAME;
  return { command: 'serve', flags };
}
