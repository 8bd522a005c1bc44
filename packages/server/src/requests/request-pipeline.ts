import type { Identity } from '@apcore-mcp/core';
import { composeSteps } from '@apcore-mcp/core/bridge';
import { DEFAULT_MAX_RESULT_BYTES } from '../calls/pipeline/max-result-bytes.js';
import type { Logger } from '../kernel/logger.js';
import { answerRequestErrors } from './errors-step.js';
import { createGateStep, type RequestGate } from './gate-step.js';
import type { McpRequest } from './mcp-request.js';
import { createObserveStep } from './observe-step.js';
import type { RequestAnswer, RequestObserver, RequestStep } from './request-step.js';
import { createRequestResultSizeStep } from './result-size-step.js';

/**
 * What {@link RequestPipeline} is built from: the router's gate, the server's logger, caller
 * and `maxResultBytes`, and the steps of the features the options turn on (each absent when
 * off, so a request pays nothing for it).
 *
 * @example
 * ```ts
 * const options: RequestPipelineOptions = { gate: router, logger, steps: { tracing, admit, record } };
 * ```
 */
export interface RequestPipelineOptions {
  gate: RequestGate;
  logger: Logger;
  /** The caller when a request carries none (the `identity` option). */
  identity?: Identity | undefined;
  /** The largest result sent, in bytes of its JSON; default 1 MiB. */
  maxResultBytes?: number | undefined;
  steps?: {
    /** A span around each request (`tracing`). */
    tracing?: RequestStep | undefined;
    /** Rate limits (`limits`). */
    admit?: RequestStep | undefined;
    /** The ledger (`ledger`). */
    record?: RequestStep | undefined;
  };
}

/** A request on its way through the steps, with the handler that answers it at the end. */
type PendingRequest = McpRequest & { readonly answer: () => Promise<RequestAnswer> };

/**
 * The one pipeline every MCP request the server registers goes through (see
 * `registerRequestHandler`), built in one place from one ordered list of steps: reading the
 * list tells what happens to a `resources/read`, a `prompts/get`, a `completion/complete`, a
 * list method, `tasks/*` or `skills/*`, in order. Steps that concern what a request names
 * (the ledger, the result cap, limits) pass the methods that name nothing (the lists).
 *
 * `tools/call` is the one method that does not go through it: its own pipeline (the router's)
 * runs these same concerns with a tool's knowledge (a span named for the tool with child spans
 * per module call, the `tool` metric label, the module's cost, its annotations), and every path
 * to a tool (grouped, tool search, a task's attempt) goes through the router, not through an
 * SDK handler. Running `tools/call` here too would count each call twice.
 *
 * @example
 * ```ts
 * const requests = new RequestPipeline({ gate: router, logger, steps: { tracing, admit, record } });
 * requests.observer = metrics;
 * ```
 */
export class RequestPipeline {
  /** The methods with a pipeline of their own (see above): registered as they are. */
  static readonly OWN_PIPELINE: ReadonlySet<string> = new Set(['tools/call']);

  readonly logger: Logger;
  readonly identity: Identity | undefined;
  /**
   * Hears every answered request from now on; `undefined` (default) hears none. Settable after
   * construction because the metrics load their library asynchronously.
   */
  observer: RequestObserver | undefined;
  readonly #run: (request: PendingRequest) => Promise<RequestAnswer>;

  constructor(options: RequestPipelineOptions) {
    const { steps = {} } = options;
    this.logger = options.logger;
    this.identity = options.identity;
    const pipeline: (RequestStep | undefined)[] = [
      steps.tracing, // a span around everything below
      createObserveStep(() => this.observer), // metrics: every answer, failures and refusals too
      createGateStep(options.gate), // refused once shutdown began; counted while in flight
      steps.record, // one ledger line per request naming a target, refused ones too
      answerRequestErrors, // thrown -> a JSON-RPC error without internals
      createRequestResultSizeStep(options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES), // never sent whole
      steps.admit, // rate limits: a request naming a target counts as a call of its subject
    ];
    this.#run = composeSteps<PendingRequest, RequestAnswer>(pipeline, (request) =>
      request.answer(),
    );
  }

  /** Whether `method`'s handler goes through this pipeline (all but {@link OWN_PIPELINE}). */
  serves(method: string): boolean {
    return !RequestPipeline.OWN_PIPELINE.has(method);
  }

  /**
   * Runs `request` through the steps, answered at the end by `answer`.
   *
   * @example
   * ```ts
   * const result = await requests.run(request, () => handler(params, ctx));
   * ```
   */
  run(request: McpRequest, answer: () => Promise<RequestAnswer>): Promise<RequestAnswer> {
    return this.#run({ ...request, answer });
  }
}
