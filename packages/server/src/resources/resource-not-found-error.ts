import { McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * The JSON-RPC error code MCP assigns to "resource not found".
 *
 * @example
 * ```ts
 * client.readResource({ uri }).catch((error) => error.code === RESOURCE_NOT_FOUND_CODE);
 * ```
 */
export const RESOURCE_NOT_FOUND_CODE = -32002;

/**
 * Thrown by the `resources/read` handler for a URI the server does not serve; the client gets a
 * JSON-RPC error with code -32002 and the message `Resource not found: <uri>`.
 *
 * @example
 * ```ts
 * throw new ResourceNotFoundError('docs://nope');
 * ```
 */
export class ResourceNotFoundError extends McpError {
  constructor(uri: string) {
    super(RESOURCE_NOT_FOUND_CODE, `Resource not found: ${uri}`, { uri });
    // McpError prefixes its message with "MCP error <code>:"; clients add that prefix themselves,
    // so the wire message stays plain.
    this.message = `Resource not found: ${uri}`;
    this.name = 'ResourceNotFoundError';
  }
}
