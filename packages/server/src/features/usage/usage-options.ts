// Per tool figures of the calls this server answered, for operators.
import { declareOption } from '../../kernel/option-declaration.js';
import { HTTP_TRANSPORTS } from '../../kernel/transports.js';
import { type ResolvedUsage, resolveUsage, type UsageOption } from './usage-option.js';

/**
 * The usage options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * USAGE_OPTIONS.usage.defaultValue; // undefined: off
 * ```
 */
export const USAGE_OPTIONS = {
  /**
   * Serve `GET /usage` (per tool calls, errors, p50/p95 duration, last call) on the HTTP
   * transports, behind the same Host/Origin checks and authentication as `/mcp`; default false.
   * An identified caller sees the usage of the tools it may list, unless it holds one of
   * `{ adminRoles }`; without authentication the whole report is served.
   */
  usage: declareOption<UsageOption, ResolvedUsage | undefined>({
    expected: 'a boolean or { adminRoles }',
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    otherTransports: 'refuse',
    refusal: (transport) => [
      { option: 'usage' },
      ': GET /usage is served by ',
      { option: 'transport' },
      ` streamable-http or sse, not ${transport}`,
    ],
    resolve: resolveUsage,
    cli: [
      {
        key: 'usage',
        kind: 'boolean',
        help: 'streamable-http and sse answer GET /usage (per tool calls, errors, p50/p95), behind the same checks as /mcp; each caller sees the tools it may list',
      },
      {
        key: 'usage-admin-role',
        kind: 'list',
        subKey: 'adminRoles',
        help: 'Callers holding this role see all of GET /usage (repeatable or comma-separated; turns --usage on)',
      },
    ],
  }),
};
