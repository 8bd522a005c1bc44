/**
 * One MCP request other than a tool call, as the request tracing sees it: its method, what it
 * names, the W3C trace context the client sent in its `_meta`, its revision, session and
 * JSON-RPC id. The tracing sets `traceId` for what runs inside the span.
 *
 * @example
 * ```ts
 * const request: TracedRequest = {
 *   method: 'prompts/get', target: { kind: 'prompt', name: 'greet', label: 'greet' },
 *   traceCarrier: undefined, protocolVersion: '2026-07-28', era: '2026-07-28',
 *   sessionId: undefined, requestId: 7, traceId: undefined,
 * };
 * ```
 */
export interface TracedRequest {
  readonly method: string;
  /**
   * What the request names: `name` as the client sent it (an attribute), `label` a bounded name
   * (in the span name), `undefined` when it names nothing the server serves.
   */
  readonly target:
    | { readonly kind: string; readonly name: string; readonly label: string | undefined }
    | undefined;
  readonly traceCarrier: Record<string, string> | undefined;
  readonly protocolVersion: string | undefined;
  readonly era: string;
  readonly sessionId: string | undefined;
  readonly requestId: string | number;
  /** Set to the span's trace id while it runs, when the span belongs to a trace. */
  traceId: string | undefined;
}

/**
 * A step around an MCP request that runs everything after it (`next`) inside the request's
 * span and records how it ended: an answer, or the JSON-RPC error thrown (thrown on).
 *
 * @example
 * ```ts
 * const answer = await entry(request, () => handle(request));
 * ```
 */
export type RequestTracingEntry = <Answer extends object>(
  request: TracedRequest,
  next: () => Promise<Answer>,
) => Promise<Answer>;
