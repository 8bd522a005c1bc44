import { type Logger, redactOutput, redactSensitive, silentLogger } from '@apcore-mcp/core/bridge';
import type { Context } from '../context.js';
import type { Middleware } from '../middleware.js';
import { calledModule } from './called-module.js';

/** Options of {@link LoggingMiddleware} (the contract's `logging` entry). */
export interface LoggingConfig {
  /** Logs each call's inputs, secrets redacted. Default true. */
  logInputs?: boolean;
  /** Logs each call's output, secrets redacted. Default true. */
  logOutputs?: boolean;
  /** Logs each failure (at error). Default true. */
  logErrors?: boolean;
  /** Where the lines go (the server's pino logger). Silent when absent. */
  logger?: Logger;
}

/**
 * Logs every module call: its start with its inputs, its end with its output and duration, its
 * failure with the error. Inputs and outputs are logged as a client would see them: values
 * their schema marks `x-sensitive`, and keys starting with `_secret_`, are redacted. Nested
 * calls are logged too, each under its own module id.
 *
 * @example
 * ```ts
 * executor.use(new LoggingMiddleware({ logger, logOutputs: false }));
 * ```
 */
export class LoggingMiddleware implements Middleware {
  readonly name = 'logging';
  readonly logInputs: boolean;
  readonly logOutputs: boolean;
  readonly logErrors: boolean;
  readonly #logger: Logger;
  readonly #started = new WeakMap<Context, number>();

  constructor(config: LoggingConfig = {}) {
    this.logInputs = config.logInputs ?? true;
    this.logOutputs = config.logOutputs ?? true;
    this.logErrors = config.logErrors ?? true;
    this.#logger = config.logger ?? silentLogger;
  }

  before(moduleId: string, inputs: Record<string, unknown>, context: Context): null {
    this.#started.set(context, performance.now());
    const shown = this.logInputs
      ? { inputs: redactSensitive(inputs, calledModule(moduleId, context)?.inputSchema) }
      : {};
    this.#logger.info(
      { moduleId, traceId: context.traceId, ...shown },
      `Module call started: ${moduleId}`,
    );
    return null;
  }

  after(
    moduleId: string,
    _inputs: Record<string, unknown>,
    output: Record<string, unknown>,
    context: Context,
  ): null {
    const shown = this.logOutputs
      ? { output: redactOutput(output, calledModule(moduleId, context)?.outputSchema) }
      : {};
    this.#logger.info(
      { moduleId, traceId: context.traceId, durationMs: this.#elapsed(context), ...shown },
      `Module call finished: ${moduleId}`,
    );
    return null;
  }

  onError(
    moduleId: string,
    _inputs: Record<string, unknown>,
    error: unknown,
    context: Context,
  ): null {
    if (!this.logErrors) return null;
    this.#logger.error(
      { moduleId, traceId: context.traceId, durationMs: this.#elapsed(context), err: error },
      `Module call failed: ${moduleId}`,
    );
    return null;
  }

  #elapsed(context: Context): number | undefined {
    const started = this.#started.get(context);
    return started === undefined ? undefined : Math.round(performance.now() - started);
  }
}
