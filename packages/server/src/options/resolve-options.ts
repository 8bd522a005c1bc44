import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import {
  type AnyOptionDeclaration,
  defaultOf,
  type EntryDefaults,
  SERVE_DEFAULTS,
} from '../kernel/option-declaration.js';
import type { TransportName } from '../kernel/transports.js';
import { checkKnownOptions } from './known-options.js';
import { checkOptionRules } from './option-rules.js';
import { SERVE_OPTIONS } from './option-table.js';
import type { ResolvedByOption, ResolvedOptions, ServeOptions } from './serve-options.js';

/**
 * What differs between the entry points: their defaults and whether port 0 is allowed.
 *
 * @example
 * ```ts
 * const defaults: ResolveDefaults = { transport: 'streamable-http', handleSignals: false, allowAnyPort: true };
 * ```
 */
export type ResolveDefaults = EntryDefaults;

const DECLARATIONS = Object.entries(SERVE_OPTIONS) as [string, AnyOptionDeclaration][];

/**
 * Checks every option against its declaration and the rules between options, and fills in the
 * defaults. The transport is resolved first: an option for other transports is ignored,
 * checked or refused there, as its declaration says.
 *
 * @throws {InvalidOptionError} naming the option, the value and what it accepts.
 * @throws {TypeError} when `options` is not an object.
 * @example
 * ```ts
 * const resolved = resolveOptions({ port: 0 }, { transport: 'streamable-http', handleSignals: false, allowAnyPort: true });
 * ```
 */
export function resolveOptions(
  options: ServeOptions | undefined,
  entry: ResolveDefaults,
): ResolvedOptions {
  const given = checkKnownOptions(options);
  const values: Record<string, unknown> = {};
  const transport = resolveOne('transport', SERVE_OPTIONS.transport, given.transport, {
    entry,
    transport: 'stdio',
  }) as TransportName;
  for (const [option, declaration] of DECLARATIONS) {
    const value = (given as Record<string, unknown>)[option];
    values[option] = resolveOne(option, declaration, value, { entry, transport });
  }
  const resolved = values as ResolvedByOption;
  checkOptionRules(resolved, given);
  return combine(resolved);
}

/**
 * Checks the options of `serve()` without starting anything: every option, and every rule
 * between options, as `serve()` would check them. For a configuration read from a file or the
 * environment, checked before the slower work of loading modules.
 *
 * @throws {InvalidOptionError} for the first refused option.
 * @example
 * ```ts
 * checkServeOptions({ transport: 'stdio', metricsPort: 9464 }); // fine
 * checkServeOptions({ transport: 'sse', metricsPort: 9464 }); // throws: metricsPort applies to stdio only
 * ```
 */
export function checkServeOptions(options: ServeOptions | undefined): void {
  resolveOptions(options, SERVE_DEFAULTS);
}

function resolveOne(
  option: string,
  declaration: AnyOptionDeclaration,
  value: unknown,
  { entry, transport }: { entry: EntryDefaults; transport: TransportName },
): unknown {
  const applies = declaration.transports?.includes(transport) ?? true;
  // The SRS has stdio ignore host and port silently, whatever they hold.
  if (!applies && declaration.otherTransports === 'ignore') return defaultOf(declaration, entry);
  const resolved =
    value === undefined
      ? defaultOf(declaration, entry)
      : declaration.resolve(value, { option, entry });
  const set = resolved !== undefined && resolved !== false;
  if (!applies && set && declaration.otherTransports === 'refuse') {
    const transports = declaration.transports ?? [];
    throw new InvalidOptionError({
      option,
      value,
      expected: `transport ${transports.join(' or ')}`,
      sentence: declaration.refusal?.(transport) ?? [
        { option },
        ' applies to ',
        { option: 'transport' },
        ` ${transports.join(' or ')} only, not ${transport}`,
      ],
    });
  }
  return resolved;
}

/** The grouping options as one `grouping`. */
function combine(resolved: ResolvedByOption): ResolvedOptions {
  const { grouping, maxTools, toonDescriptions, groupAnnotations, ...rest } = resolved;
  return {
    ...rest,
    grouping: { grouping, maxTools, toonDescriptions, groupAnnotations },
  };
}
