import type { ContextFactory, ExecutorLike, Identity, ModuleErrorLike } from '@apcore-mcp/core';
import { createToolErrorResult, ErrorMapper } from '@apcore-mcp/errors';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  buildContextData,
  type RouterCallExtra,
  resolveContextFactory,
  resolveIdentity,
} from './call-context.js';
import { InputValidator } from './input-validator.js';
import { type Logger, SILENT_LOGGER } from './logger.js';
import { serializeOutput, toJsonValue } from './serialize-output.js';
import type { ToolSource } from './tool-source.js';

/**
 * Options of {@link ExecutionRouter}.
 *
 * @example
 * ```ts
 * const options: ExecutionRouterOptions = { executor, tools: listener, validateInputs: true };
 * ```
 */
export interface ExecutionRouterOptions {
  /** Runs every call (`executor.call()`): ACL, validation, middleware, timeout all apply. */
  executor: ExecutorLike;
  /**
   * The served tools. A name not in it is answered "Module not found" without reaching the
   * executor, so tag/prefix filters and unregistered modules cannot be called around.
   */
  tools: ToolSource;
  logger?: Logger;
  /** Check arguments against the tool's input schema before the executor; default false. */
  validateInputs?: boolean;
  /** Builds contexts for an executor without `createContext`. */
  contextFactory?: ContextFactory;
  /** The caller when the request carries none. */
  identity?: Identity;
}

/**
 * The `apcore/errorCode` of the result a call gets once shutdown has begun.
 *
 * @example
 * ```ts
 * if (result._meta?.['apcore/errorCode'] === SHUTTING_DOWN_CODE) retryElsewhere();
 * ```
 */
export const SHUTTING_DOWN_CODE = 'SERVER_SHUTTING_DOWN';

/**
 * Routes MCP tool calls through the apcore executor and turns the outcome into a
 * `CallToolResult`. `handleCall` never throws: every failure becomes the ErrorMapper's
 * `isError` result. It also counts the calls in flight so shutdown can wait for them.
 *
 * @example
 * ```ts
 * const router = new ExecutionRouter({ executor, tools: listener, logger });
 * const result = await router.handleCall('math.add', { a: 1, b: 2 });
 * ```
 */
export class ExecutionRouter {
  readonly #executor: ExecutorLike;
  readonly #tools: ToolSource;
  readonly #logger: Logger;
  readonly #validator: InputValidator | undefined;
  readonly #contextFactory: ContextFactory | undefined;
  readonly #identity: Identity | undefined;
  readonly #inFlight = new Set<Promise<CallToolResult>>();
  readonly #shutdown = new AbortController();
  #accepting = true;

  constructor(options: ExecutionRouterOptions) {
    this.#executor = options.executor;
    this.#tools = options.tools;
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.#validator = options.validateInputs
      ? new InputValidator({ logger: this.#logger })
      : undefined;
    this.#contextFactory = resolveContextFactory(options.executor, options.contextFactory);
    this.#identity = options.identity;
  }

  /** How many calls are running. */
  get activeCalls(): number {
    return this.#inFlight.size;
  }

  /**
   * Runs one tool call and answers it; never throws.
   *
   * @example
   * ```ts
   * const result = await router.handleCall('math.add', { a: 1, b: 2 }, { signal });
   * ```
   */
  handleCall(
    name: string,
    args: Record<string, unknown> = {},
    extra: RouterCallExtra = {},
  ): Promise<CallToolResult> {
    if (!this.#accepting) {
      return Promise.resolve(createToolErrorResult('Server is shutting down', SHUTTING_DOWN_CODE));
    }
    const call = this.#run(name, args, extra);
    this.#inFlight.add(call);
    void call.finally(() => this.#inFlight.delete(call));
    return call;
  }

  /** Refuses calls from now on ("Server is shutting down"); running calls go on. */
  stopAccepting(): void {
    this.#accepting = false;
  }

  /**
   * Waits until no call is running, or `timeoutMs` passed. Resolves `true` when drained.
   *
   * @example
   * ```ts
   * router.stopAccepting();
   * if (!(await router.drain(5000))) router.abortAll();
   * ```
   */
  async drain(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      while (this.#inFlight.size > 0) {
        const drained = await Promise.race([
          Promise.allSettled([...this.#inFlight]).then(() => true as const),
          timeout,
        ]);
        if (!drained) return false;
      }
      return true;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Aborts the signal of every running call (modules that honour it stop early). */
  abortAll(): void {
    this.#shutdown.abort(new Error('Server shut down'));
  }

  async #run(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<CallToolResult> {
    const started = performance.now();
    let result: CallToolResult;
    try {
      result = await this.#route(name, args, extra);
    } catch (error) {
      result = this.#mapError(name, error);
    }
    this.#logger.debug(
      {
        tool: name,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        isError: result.isError === true,
        ...(result.isError ? { errorCode: result._meta?.['apcore/errorCode'] } : {}),
      },
      'Tool call',
    );
    return result;
  }

  async #route(
    name: string,
    args: Record<string, unknown>,
    extra: RouterCallExtra,
  ): Promise<CallToolResult> {
    const tool = this.#tools.get(name);
    if (tool === undefined) return this.#mapError(name, moduleNotFound(name));
    const failures = this.#validator?.validate(tool, args);
    if (failures !== undefined) return this.#mapError(name, validationFailed(failures));
    const context = this.#createContext(name, extra);
    // The one place a module runs: the streaming path (executor.stream) will branch here.
    const output = await this.#executor.call(name, args, context);
    return toSuccessResult(tool, output);
  }

  #createContext(moduleId: string, extra: RouterCallExtra): unknown {
    if (this.#contextFactory === undefined) return undefined;
    const identity = resolveIdentity(extra, this.#identity);
    const signals = [this.#shutdown.signal, ...(extra.signal ? [extra.signal] : [])];
    return this.#contextFactory.createContext({
      moduleId,
      data: buildContextData(extra),
      signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals),
      ...(identity === undefined ? {} : { identity }),
    });
  }

  #mapError(tool: string, error: unknown): CallToolResult {
    // A mapper per failure binds the tool name to whatever it logs (unexpected errors + stack).
    return new ErrorMapper({ logger: withFields(this.#logger, { tool }) }).toMcpError(error);
  }
}

function toSuccessResult(tool: Tool, output: unknown): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: serializeOutput(output) }] };
  if (tool.outputSchema !== undefined) {
    const structured = toJsonValue(output);
    if (typeof structured === 'object' && structured !== null && !Array.isArray(structured)) {
      result.structuredContent = structured;
    }
  }
  return result;
}

function moduleNotFound(moduleId: string): ModuleErrorLike {
  return {
    code: 'MODULE_NOT_FOUND',
    message: `Module not found: ${moduleId}`,
    details: { moduleId },
  };
}

function validationFailed(errors: unknown[]): ModuleErrorLike {
  return {
    code: 'SCHEMA_VALIDATION_ERROR',
    message: 'Input validation failed',
    details: { errors },
  };
}

function withFields(logger: Logger, fields: Record<string, unknown>): Logger {
  const bind =
    (method: keyof Logger) =>
    (objectOrMessage: unknown, message?: string): void => {
      if (typeof objectOrMessage === 'object' && objectOrMessage !== null) {
        logger[method]({ ...fields, ...objectOrMessage }, message);
      } else {
        logger[method](fields, String(objectOrMessage));
      }
    };
  return { debug: bind('debug'), info: bind('info'), warn: bind('warn'), error: bind('error') };
}
