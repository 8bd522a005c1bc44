import type { McpInputRequest } from '@apcore-mcp/core/bridge';
import { inputRequired } from '@modelcontextprotocol/server';

/**
 * A module's question as an `inputRequests` entry (of an `input_required` result, or of a task
 * waiting for input): forms in form mode, sampling and roots as they are.
 *
 * @example
 * ```ts
 * toInputRequestWire({ method: 'roots/list' }); // { method: 'roots/list' }
 * ```
 */
export function toInputRequestWire(request: McpInputRequest) {
  switch (request.method) {
    case 'elicitation/create':
      // Our schemas are plain JSON Schema objects; the SDK's type is the restricted form shape.
      return inputRequired.elicit(request.params as Parameters<typeof inputRequired.elicit>[0]);
    case 'sampling/createMessage':
      return inputRequired.createMessage(
        request.params as unknown as Parameters<typeof inputRequired.createMessage>[0],
      );
    default:
      return inputRequired.listRoots();
  }
}
