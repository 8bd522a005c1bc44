import type { Logger } from '../kernel/logger.js';

/**
 * The longest server name plus tool name Cursor takes: it drops longer tools.
 *
 * @example
 * ```ts
 * serverName.length + toolName.length > CURSOR_COMBINED_NAME_LIMIT; // Cursor drops the tool
 * ```
 */
export const CURSOR_COMBINED_NAME_LIMIT = 60;

/**
 * The most tools common clients take in one request (VS Code's limit; Cursor takes fewer).
 *
 * @example
 * ```ts
 * if (tools.length > CLIENT_TOOL_COUNT_LIMIT) console.warn('serve fewer tools');
 * ```
 */
export const CLIENT_TOOL_COUNT_LIMIT = 128;

/** What {@link warnAboutClientLimits} checks. */
export interface ClientLimitsInput {
  /** The tools to check: all of them at startup, the new one when the registry changes. */
  toolNames: readonly string[];
  /** How many tools are served, these included. */
  toolCount: number;
  serverName: string;
  logger: Logger;
}

/**
 * Warns (through the logger, never stdout) about served tools that common clients would drop:
 * names too long together with the server name, and more tools than clients take. Each warning
 * names the option that helps.
 */
export function warnAboutClientLimits(input: ClientLimitsInput): void {
  const { toolNames, toolCount, serverName, logger } = input;
  const tooLong = toolNames.filter(
    (name) => serverName.length + name.length > CURSOR_COMBINED_NAME_LIMIT,
  );
  if (tooLong.length > 0) {
    logger.warn(
      { serverName, toolNames: tooLong, limit: CURSOR_COMBINED_NAME_LIMIT },
      `${tooLong.length} tool ${tooLong.length === 1 ? 'name is' : 'names are'} over ${CURSOR_COMBINED_NAME_LIMIT} characters together with the server name "${serverName}", which Cursor does not take (e.g. ${tooLong[0]}); a shorter server name (name / --name) helps, or leave them out with prefix / tags (--prefix / --tags)`,
    );
  }
  // Once, when these tools take the count over the limit, not again for every later tool.
  const countBefore = toolCount - toolNames.length;
  if (toolCount > CLIENT_TOOL_COUNT_LIMIT && countBefore <= CLIENT_TOOL_COUNT_LIMIT) {
    logger.warn(
      { toolCount, limit: CLIENT_TOOL_COUNT_LIMIT },
      `Serving ${toolCount} tools; common clients take at most ${CLIENT_TOOL_COUNT_LIMIT} per request and some far fewer: serve fewer with prefix / tags (--prefix / --tags)`,
    );
  }
}
