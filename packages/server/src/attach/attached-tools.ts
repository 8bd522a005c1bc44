import type { EmittedEvent } from '@apcore-mcp/core';
import { ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server';
import type { HubEmitOptions } from '../kernel/event-hub.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServerRuntime } from '../lifecycle/server-runtime.js';
import type { SurfaceHandler } from '../requests/register-request-handler.js';

/**
 * A request as a host's handler received it: its method and params.
 *
 * @example
 * ```ts
 * const request: AttachedRequest = { method: 'tools/list', params: {} };
 * ```
 */
export interface AttachedRequest {
  method: string;
  params?: Record<string, unknown> | undefined;
}

/**
 * What `attachToServer` added to a host server, and how to take it away again.
 *
 * @example
 * ```ts
 * const attached = await attachToServer(server, registry);
 * console.error(attached.tools.map((tool) => tool.name));
 * attached.detach();
 * ```
 */
export interface AttachedTools {
  /** The tools added, as clients list them (read afresh: follows the registry with `dynamic`). */
  readonly tools: McpTool[];
  /**
   * The methods the host's server already answered when attached: its handlers stay, and
   * answer ours only if they call {@link handle} (a low-level `Server` with `tools/list` and
   * `tools/call` of its own, typically).
   */
  readonly leftToHost: readonly string[];
  /**
   * The attached registry's answer to `request` (as `serve()` answers it, through the same
   * handlers), for a host's own handler of a method in {@link leftToHost} to serve ours too:
   * merge `tools/list`, hand `tools/call` of one of {@link tools} here.
   *
   * @throws {ProtocolError} -32601 for a method the registry does not serve, -32602 for bad params.
   */
  handle(request: AttachedRequest, ctx: ServerContext): Promise<Record<string, unknown>>;
  /** Emits an event from application code, as `ServerHandle`'s `emit`. */
  emit(
    name: string,
    data: Record<string, unknown>,
    options?: HubEmitOptions,
  ): Promise<EmittedEvent>;
  /**
   * Removes exactly what was added — our tools, resources, prompts and handlers — and gives
   * the host's server back its own capabilities (before it connects); stops following the
   * registry. Idempotent.
   */
  detach(): void;
}

/**
 * The handle of an attachment: lists the runtime's tools and answers through `handlers` until
 * detached; `detach()` stops following changes, unloads the runtime and then runs `remove`
 * (what only this kind of host needs undone), once.
 *
 * @example
 * ```ts
 * return createAttachedTools({ runtime, handlers, leftToHost: [], unsubscribe, remove });
 * ```
 */
export function createAttachedTools(parts: {
  runtime: Pick<ServerRuntime, 'front' | 'unload' | 'emit'>;
  handlers: ReadonlyMap<string, SurfaceHandler>;
  leftToHost: readonly string[];
  unsubscribe: () => void;
  remove: () => void;
}): AttachedTools {
  const { runtime, handlers, unsubscribe, remove } = parts;
  let attached = true;
  return {
    get tools() {
      return attached ? runtime.front.list() : [];
    },
    leftToHost: parts.leftToHost,
    async handle(request, ctx) {
      const entry = attached ? handlers.get(request.method) : undefined;
      if (entry === undefined) {
        throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
      }
      return (await answerWith(entry, request, ctx)) as Record<string, unknown>;
    },
    emit: runtime.emit,
    detach() {
      if (!attached) return;
      attached = false;
      unsubscribe();
      runtime.unload();
      remove();
    },
  };
}

/**
 * Runs one surface handler on `request` as the SDK would: a handler with a params schema gets
 * the params it checked, one without gets the request.
 *
 * @example
 * ```ts
 * await answerWith(handlers.get('prompts/get'), { method: 'prompts/get', params: { name } }, ctx);
 * ```
 */
export async function answerWith(
  entry: SurfaceHandler,
  request: AttachedRequest,
  ctx: ServerContext,
): Promise<unknown> {
  if (entry.schemas === undefined) return entry.handle({ params: {}, ...request }, ctx);
  const checked = await entry.schemas.params['~standard'].validate(request.params ?? {});
  if (checked.issues !== undefined) {
    const problems = checked.issues.map((issue) => issue.message).join('; ');
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid params: ${problems}`);
  }
  return entry.handle(checked.value, ctx);
}
