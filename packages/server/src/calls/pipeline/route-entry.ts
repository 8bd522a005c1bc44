import { routeCallerToolCall } from '../../grouping/route-tool-call.js';
import { type Logger, withFields } from '../../kernel/logger.js';
import type { ToolSource, ToolsFor } from '../../kernel/served-tool.js';
import { withCallTrace } from '../log-call.js';
import { refuseUnknownTool } from '../unknown-tool-error.js';
import type { CallMiddleware } from './call-middleware.js';

/**
 * Finds what a call runs: the served tool, or for a grouped tool the module of its `action`,
 * with that module's arguments. A name or action that cannot run is not answered here: it
 * becomes the call's `refusal`, answered by the validation entry, so that the ledger still
 * sees a grouped call refused for its fields. A name no tool is served under is the protocol's
 * `-32602 Unknown tool` ({@link refuseUnknownTool}). A caller under an ACL is told only the
 * actions it may see.
 *
 * @example
 * ```ts
 * const route = createRouteEntry({ tools: table, logger });
 * ```
 */
export function createRouteEntry(options: {
  tools: ToolSource;
  /** The tools as each caller may see them (under an ACL). */
  toolsFor?: ToolsFor | undefined;
  logger: Logger;
}): CallMiddleware {
  const { tools, toolsFor, logger } = options;
  return (call, next) => {
    const { tool } = call;
    const shown = toolsFor && (() => toolsFor(call.identity).get(tool));
    const routed = routeCallerToolCall(tool, tools.get(tool), call.arguments, shown);
    call.served = routed.served;
    call.arguments = routed.arguments;
    call.grouped = routed.grouped;
    call.errorPrefix = routed.errorPrefix;
    call.refusal = tools.get(tool) === undefined ? refuseUnknownTool(tool) : routed.failure;
    call.logger = withFields(withCallTrace(logger, call.extra), { tool });
    return next();
  };
}
