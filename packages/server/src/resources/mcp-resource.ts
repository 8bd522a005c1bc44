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
};

/**
 * The answer of `resources/read` for a text resource.
 *
 * @example
 * ```ts
 * const read: McpReadResourceResult = { contents: [{ uri, mimeType: 'text/markdown', text }] };
 * ```
 */
export type McpReadResourceResult = {
  contents: { uri: string; mimeType?: string; text: string }[];
};
