/**
 * The transports the server speaks.
 *
 * @example
 * ```ts
 * const transport: TransportName = 'streamable-http';
 * ```
 */
export type TransportName = 'stdio' | 'streamable-http' | 'sse';

/**
 * Every transport, as the `transport` option spells it.
 *
 * @example
 * ```ts
 * TRANSPORTS.includes('sse'); // true
 * ```
 */
export const TRANSPORTS: readonly TransportName[] = ['stdio', 'streamable-http', 'sse'];

/**
 * The transports that listen on HTTP: the options of the HTTP server apply to these only.
 *
 * @example
 * ```ts
 * const overHttp = HTTP_TRANSPORTS.includes(transport);
 * ```
 */
export const HTTP_TRANSPORTS: readonly TransportName[] = ['streamable-http', 'sse'];
