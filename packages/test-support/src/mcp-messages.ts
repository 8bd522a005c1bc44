/**
 * The JSON-RPC `initialize` request (id 1) a raw client sends first, under `clientName`: for
 * tests that speak the protocol by hand rather than through the SDK's client.
 *
 * @example
 * ```ts
 * await fetch(url, { method: 'POST', headers, body: JSON.stringify(initializeRequest('raw')) });
 * ```
 */
export function initializeRequest(clientName: string): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: clientName, version: '1.0.0' },
    },
  };
}
