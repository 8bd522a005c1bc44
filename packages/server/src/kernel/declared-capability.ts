import { isRecord, type McpInputRequest } from '@apcore-mcp/core/bridge';
import type { ClientCapabilities } from './call-extra.js';

/**
 * Whether a client that declared `capabilities` may be sent `request`, by MCP's rules: a form
 * needs `elicitation` (a bare `elicitation: {}` means forms; one naming only other modes does
 * not), sampling needs `sampling` (`sampling.tools` when the request offers tools), the roots
 * need `roots`.
 *
 * @example
 * ```ts
 * declaresCapabilityFor({ roots: {} }, { method: 'roots/list' }); // true
 * ```
 */
export function declaresCapabilityFor(
  capabilities: ClientCapabilities | undefined,
  request: McpInputRequest,
): boolean {
  switch (request.method) {
    case 'elicitation/create': {
      const elicitation = capabilities?.elicitation;
      if (elicitation === undefined) return false;
      return (
        !isRecord(elicitation) || Object.keys(elicitation).length === 0 || 'form' in elicitation
      );
    }
    case 'sampling/createMessage': {
      const sampling = capabilities?.sampling;
      if (sampling === undefined) return false;
      const offersTools =
        request.params.tools !== undefined || request.params.toolChoice !== undefined;
      return !offersTools || (isRecord(sampling) && sampling.tools !== undefined);
    }
    default:
      return capabilities?.roots !== undefined;
  }
}
