import type { GROUPING_OPTION_NAMES, ToolGrouping } from '../grouping/grouping-options.js';
import type { AcceptedOf, ResolvedOf } from '../kernel/option-declaration.js';
import type { SERVE_OPTIONS } from './option-table.js';

type Table = typeof SERVE_OPTIONS;

/**
 * Options of `serve()`, `startServer()` and `createMcpHandler()`, one property per option of
 * the option table (each documented where it is declared, in `src/options/concerns/*-options.ts`).
 * Every option is checked before anything starts; a bad one, or two that do not go together,
 * throws an `InvalidOptionError` naming the option, the value and what it accepts.
 *
 * @example
 * ```ts
 * const options: ServeOptions = { transport: 'streamable-http', port: 9000, tags: ['public'] };
 * ```
 */
export type ServeOptions = { -readonly [Name in keyof Table]?: AcceptedOf<Table[Name]> };

/**
 * Every option after its check, defaults filled in, as the table resolves it.
 *
 * @example
 * ```ts
 * const port: ResolvedByOption['port'] = 8000;
 * ```
 */
export type ResolvedByOption = { -readonly [Name in keyof Table]: ResolvedOf<Table[Name]> };

/**
 * {@link ServeOptions} after validation, with every default filled in; the grouping options
 * come together as one `grouping`.
 *
 * @example
 * ```ts
 * const { transport, port, grouping } = resolved;
 * ```
 */
export type ResolvedOptions = Flatten<
  Omit<ResolvedByOption, (typeof GROUPING_OPTION_NAMES)[number]> & { grouping: ToolGrouping }
>;

/** One object type, as an editor shows it, instead of an intersection. */
type Flatten<T> = { [Key in keyof T]: T[Key] };
