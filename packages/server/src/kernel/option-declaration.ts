import type { OptionSentence } from './invalid-option-error.js';
import type { TransportName } from './transports.js';

/**
 * The concerns options are declared by, one declaration file each, in the order `--help` lists
 * them.
 *
 * @example
 * ```ts
 * const concern: OptionConcern = 'network';
 * ```
 */
export type OptionConcern =
  | 'network'
  | 'tools'
  | 'calls'
  | 'approval'
  | 'security'
  | 'observability'
  | 'lifecycle';

/**
 * What differs between the entry points (`serve()`, `startServer()`, `createMcpHandler()`...):
 * their default transport and signal handling, and whether port 0 (any free port) is allowed.
 *
 * @example
 * ```ts
 * const entry: EntryDefaults = { transport: 'stdio', handleSignals: true, allowAnyPort: false };
 * ```
 */
export interface EntryDefaults {
  transport: TransportName;
  handleSignals: boolean;
  allowAnyPort: boolean;
}

/**
 * How the CLI reads a setting's text (a flag, an `APCORE_MCP_*` variable or a config file
 * value): `port` and `integer` are checked against the option's limits, `choice` against its
 * choices, `decimal` is a finite number of at least 0 (a cost: `2.5`); `file`, `directory` and
 * `secret-file` are paths (relative ones resolved), the CLI reads `secret-file`s; `secret` is the
 * secret itself (variables only); `mappings` is a list of mappings, read from the config file
 * only (it has no flag nor variable form); `locations` is a list of files (resolved as paths) or
 * `http(s)://` URLs (kept); `headers` is a list of `NAME=VALUE` entries (a variable holds one per
 * line, so a value may hold commas).
 *
 * @example
 * ```ts
 * const kind: CliSettingKind = 'port';
 * ```
 */
export type CliSettingKind =
  | 'directory'
  | 'file'
  | 'text'
  | 'name'
  | 'port'
  | 'integer'
  | 'decimal'
  | 'choice'
  | 'list'
  | 'group-annotations'
  | 'boolean'
  | 'secret-file'
  | 'secret'
  | 'url'
  | 'rate-limit'
  | 'budget'
  | 'store-url'
  | 'mappings'
  | 'locations'
  | 'headers';

/**
 * The defaults of `serve()`: stdio, signals handled, ports 1..65535.
 *
 * @example
 * ```ts
 * const transport = defaultOf(NETWORK_OPTIONS.transport, SERVE_DEFAULTS); // 'stdio'
 * ```
 */
export const SERVE_DEFAULTS: EntryDefaults = Object.freeze({
  transport: 'stdio',
  handleSignals: true,
  allowAnyPort: false,
});

/**
 * A setting of the `apcore-mcp` CLI that builds an option: its `key` is at once the flag
 * (`--max-sessions`), the config file key (`max-sessions:`) and, upper-cased, the variable
 * (`APCORE_MCP_MAX_SESSIONS`).
 *
 * @example
 * ```ts
 * const setting: CliSetting = { key: 'session-idle-timeout', kind: 'integer', scale: 1000, help: 'Seconds ...' };
 * ```
 */
export interface CliSetting {
  readonly key: string;
  readonly kind: CliSettingKind;
  /** The line `--help` shows. */
  readonly help: string;
  /** The key of the object option it fills (`audience` of `auth`); absent: the option itself. */
  readonly subKey?: string;
  /** The option's value is the setting's times this (seconds for milliseconds: 1000). */
  readonly scale?: number;
  /** The command line folds the value to this case and checks it among the choices. */
  readonly foldCase?: 'lower' | 'upper';
  /** Only the `APCORE_MCP_*` variable sets it: a secret has no place in a flag or a file. */
  readonly envOnly?: boolean;
  /** The default of a sub-key setting (an option's own default is the option's). */
  readonly defaultValue?: string;
}

/**
 * The bounds of a plain option's value, for its checks and the CLI's.
 *
 * @example
 * ```ts
 * const limits: OptionLimits = { minimum: 1, maximum: 65535 };
 * ```
 */
export interface OptionLimits {
  readonly choices?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxLength?: number;
}

/**
 * What a declaration's `resolve` is told: the option's name and the entry point's defaults.
 *
 * @example
 * ```ts
 * const context: ResolveContext = { option: 'port', entry: { transport: 'stdio', handleSignals: true, allowAnyPort: false } };
 * ```
 */
export interface ResolveContext {
  option: string;
  entry: EntryDefaults;
}

/**
 * One option, declared once: what `serve()` accepts (`Accepted`, a type only) and what it
 * resolves to, its default, its check, the transports it applies to and the CLI settings that
 * build it. The option's documentation is the JSDoc above its declaration.
 *
 * @example
 * ```ts
 * const maxTools: OptionDeclaration<number, number> = integerOption({ minimum: 1, defaultValue: 40 });
 * ```
 */
export interface OptionDeclaration<Accepted, Resolved> {
  /** What the option accepts, in words (`an integer of at least 1`). */
  readonly expected: string;
  /** The value when the option is absent. */
  readonly defaultValue: Resolved;
  /** The default when it depends on the entry point (it wins over `defaultValue`). */
  readonly defaultFor?: (entry: EntryDefaults) => Resolved;
  readonly limits?: OptionLimits;
  /** The transports it applies to; absent: every transport. */
  readonly transports?: readonly TransportName[];
  /**
   * Given with another transport: `'ignore'` it unchecked, `'refuse'` it when set (not
   * `undefined`, not `false`); absent: check it and let it do nothing.
   */
  readonly otherTransports?: 'ignore' | 'refuse';
  /** The sentence refusing it with another transport; default: "applies to ... only". */
  readonly refusal?: (transport: TransportName) => OptionSentence;
  /** Checks a given value (never `undefined`); throws an `InvalidOptionError`. */
  readonly resolve: (value: unknown, context: ResolveContext) => Resolved;
  /** The CLI settings that build it; absent: no CLI setting. */
  readonly cli?: readonly CliSetting[];
  /** Type only: what `serve()` accepts. Never set. */
  readonly accepts?: Accepted;
}

/**
 * Any declaration, whatever its types.
 *
 * @example
 * ```ts
 * const table: Record<string, AnyOptionDeclaration> = NETWORK_OPTIONS;
 * ```
 */
export type AnyOptionDeclaration = OptionDeclaration<unknown, unknown>;

/**
 * What `serve()` accepts for a declared option.
 *
 * @example
 * ```ts
 * type Port = AcceptedOf<typeof NETWORK_OPTIONS.port>; // number
 * ```
 */
export type AcceptedOf<D> = D extends OptionDeclaration<infer Accepted, unknown> ? Accepted : never;

/**
 * What a declared option resolves to.
 *
 * @example
 * ```ts
 * type Port = ResolvedOf<typeof NETWORK_OPTIONS.port>; // number
 * ```
 */
export type ResolvedOf<D> = D extends OptionDeclaration<unknown, infer Resolved> ? Resolved : never;

/**
 * Declares an option whose check is its own (an object option, a callback...); the type
 * arguments say what `serve()` accepts and what the option resolves to.
 *
 * @example
 * ```ts
 * const store = declareOption<LimitStore, LimitStore | undefined>({
 *   expected: 'a LimitStore',
 *   defaultValue: undefined,
 *   resolve: resolveStore,
 * });
 * ```
 */
export function declareOption<Accepted, Resolved>(
  declaration: OptionDeclaration<Accepted, Resolved>,
): OptionDeclaration<Accepted, Resolved> {
  return declaration;
}

/**
 * The default of a declared option at an entry point.
 *
 * @example
 * ```ts
 * defaultOf(NETWORK_OPTIONS.transport, { transport: 'stdio', handleSignals: true, allowAnyPort: false }); // 'stdio'
 * ```
 */
export function defaultOf<Resolved>(
  declaration: OptionDeclaration<unknown, Resolved>,
  entry: EntryDefaults,
): Resolved {
  return declaration.defaultFor === undefined
    ? declaration.defaultValue
    : declaration.defaultFor(entry);
}

/**
 * The default `serve()` gives a declared option: what the CLI shows in `--help` and
 * `config validate`.
 *
 * @example
 * ```ts
 * serveDefaultOf(OPTION_TABLE.network.maxSessions); // 1000
 * ```
 */
export function serveDefaultOf<Resolved>(
  declaration: OptionDeclaration<unknown, Resolved>,
): Resolved {
  return defaultOf(declaration, SERVE_DEFAULTS);
}
