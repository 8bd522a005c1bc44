/**
 * One entry of `resources/list`, declared here so it assigns to either SDK major's `Resource`.
 *
 * @example
 * ```ts
 * const resource: McpResource = { uri: 'docs://math.add', name: 'math.add', mimeType: 'text/markdown' };
 * ```
 */
export type McpResource = {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  _meta?: Record<string, unknown>;
};

/**
 * One entry of `resources/templates/list`, declared here so it assigns to either SDK major's
 * `ResourceTemplate`.
 *
 * @example
 * ```ts
 * const template: McpResourceTemplate = { uriTemplate: 'users://{id}', name: 'user' };
 * ```
 */
export type McpResourceTemplate = {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
};

/**
 * The answer of `resources/read`: text items, or binary ones with their bytes in base64 (`blob`).
 *
 * @example
 * ```ts
 * const read: McpReadResourceResult = { contents: [{ uri, mimeType: 'text/markdown', text }] };
 * ```
 */
export type McpReadResourceResult = {
  contents: (
    | { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown> }
    | { uri: string; mimeType?: string; blob: string }
  )[];
};
