import type { AnyOptionDeclaration, OptionConcern } from '../kernel/option-declaration.js';
import { APPROVAL_OPTIONS } from './concerns/approval-options.js';
import { CALL_OPTIONS } from './concerns/call-options.js';
import { LIFECYCLE_OPTIONS } from './concerns/lifecycle-options.js';
import { NETWORK_OPTIONS } from './concerns/network-options.js';
import { OBSERVABILITY_OPTIONS } from './concerns/observability-options.js';
import { SECURITY_OPTIONS } from './concerns/security-options.js';
import { TOOL_OPTIONS } from './concerns/tool-options.js';
import { FEATURE_OPTION_TABLE, FEATURE_OPTIONS } from './feature-options.js';

/** The frame's own options by concern; the features' (by feature) follow them. */
const FRAME_OPTION_TABLE = {
  network: NETWORK_OPTIONS,
  tools: TOOL_OPTIONS,
  calls: CALL_OPTIONS,
  approval: APPROVAL_OPTIONS,
  security: SECURITY_OPTIONS,
  observability: OBSERVABILITY_OPTIONS,
  lifecycle: LIFECYCLE_OPTIONS,
} as const satisfies Record<OptionConcern, Record<string, AnyOptionDeclaration>>;

/**
 * Every option of `serve()`, `startServer()`, `createMcpHandler()` and `attachToServer()`, by
 * concern, each declared once: its default, its check, the transports it applies to, the CLI
 * settings that build it. The `ServeOptions` type, option checking, the unknown-option error
 * and the CLI's flags, variables, config keys and `--help` all come from it.
 *
 * @example
 * ```ts
 * for (const [concern, options] of Object.entries(OPTION_TABLE)) {
 *   console.log(concern, Object.keys(options).join(', '));
 * }
 * ```
 */
export const OPTION_TABLE = {
  ...FRAME_OPTION_TABLE,
  ...FEATURE_OPTION_TABLE,
};

/**
 * The same declarations by option name.
 *
 * @example
 * ```ts
 * SERVE_OPTIONS.maxSessions.defaultValue; // 1000
 * ```
 */
export const SERVE_OPTIONS = {
  ...NETWORK_OPTIONS,
  ...TOOL_OPTIONS,
  ...CALL_OPTIONS,
  ...APPROVAL_OPTIONS,
  ...SECURITY_OPTIONS,
  ...OBSERVABILITY_OPTIONS,
  ...LIFECYCLE_OPTIONS,
  ...FEATURE_OPTIONS,
};

/**
 * The name of an option of `serve()`.
 *
 * @example
 * ```ts
 * const option: OptionName = 'maxSessions';
 * ```
 */
export type OptionName = keyof typeof SERVE_OPTIONS;

/**
 * Every option's name, in table order.
 *
 * @example
 * ```ts
 * OPTION_NAMES.includes('transport'); // true
 * ```
 */
export const OPTION_NAMES = Object.keys(SERVE_OPTIONS) as readonly OptionName[];
