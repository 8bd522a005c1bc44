import {
  type ExecutorLike,
  isExecutorLike,
  isSafeToolName,
  redactOutput,
} from '@apcore-mcp/core/bridge';
import { ErrorMapper } from '@apcore-mcp/errors';
import { InvalidArgumentError } from '../invalid-argument-error.js';
import { routeGroupedCall } from '../route-grouped-call.js';
import { ToolNames } from '../tool-names.js';
import type { DispatchInput, DispatchOptions, DispatchOutcome } from './dispatch-types.js';
import { toOutputParts } from './output-parts.js';
import { parseArguments } from './parse-arguments.js';

interface Dispatch {
  executor: ExecutorLike;
  options: DispatchOptions;
  mapper: ErrorMapper;
  allowedNames: ReadonlySet<string> | undefined;
  toolNames: ToolNames;
}

type Target =
  | { moduleId: string; inputs: Record<string, unknown>; errorPrefix: string }
  | { problem: string };

/** The module a tool name runs (a grouped one: its action's), or why none. */
function resolveTarget(name: string, args: Record<string, unknown>, dispatch: Dispatch): Target {
  const groups = dispatch.options.groups;
  if (groups !== undefined && Object.hasOwn(groups, name)) {
    const registry = dispatch.executor.registry;
    const routed = routeGroupedCall(
      name,
      args,
      groups,
      (moduleId) => registry.getDefinition(moduleId, { copy: false })?.inputSchema,
    );
    if ('problem' in routed) return { problem: `${routed.problem}. Nothing was executed.` };
    const errorPrefix = `[${name}/${routed.action}] `;
    return { moduleId: routed.moduleId, inputs: routed.arguments, errorPrefix };
  }
  const moduleId = dispatch.toolNames.moduleIdOf(name);
  if (moduleId === undefined) return { problem: `Unknown tool: ${name}` };
  return { moduleId, inputs: args, errorPrefix: '' };
}

function refuse(id: string, error: string): DispatchOutcome {
  return { id, ok: false, error, executed: false };
}

async function runCall(call: DispatchInput, dispatch: Dispatch): Promise<DispatchOutcome> {
  const { id, name } = call;
  if (
    call.foreign === true ||
    typeof name !== 'string' ||
    !isSafeToolName(name) ||
    (dispatch.allowedNames !== undefined && !dispatch.allowedNames.has(name))
  ) {
    return refuse(id, `Unknown tool: ${typeof name === 'string' ? name : String(name)}`);
  }
  const parsed = parseArguments(call.arguments);
  if ('problem' in parsed) {
    return refuse(
      id,
      `Invalid arguments for tool "${name}": ${parsed.problem}. Nothing was executed.`,
    );
  }
  const target = resolveTarget(name, parsed.inputs, dispatch);
  if ('problem' in target) return refuse(id, target.problem);
  const { moduleId, inputs, errorPrefix } = target;
  try {
    const factory = dispatch.options.contextFactory;
    // Read before the call: some executors rewrite a module's schemas when it first runs.
    const outputSchema = dispatch.executor.registry.getDefinition(moduleId, {
      copy: false,
    })?.outputSchema;
    const output =
      factory === undefined
        ? await dispatch.executor.call(moduleId, inputs)
        : await dispatch.executor.call(moduleId, inputs, factory.createContext({ moduleId }));
    const shown =
      dispatch.options.redactOutput === false ? output : redactOutput(output, outputSchema);
    return { id, ok: true, moduleId, parts: toOutputParts(shown) };
  } catch (error) {
    // The message, then the contract's AI guidance (its JSON appendix): a model reads only text.
    const [message, ...rest] = dispatch.mapper.toMcpError(error).content.map((block) => block.text);
    const outcome: DispatchOutcome = {
      id,
      ok: false,
      error: `${errorPrefix}${message ?? ''}`,
      executed: true,
    };
    if (rest.length > 0) outcome.guidance = rest.join('\n\n');
    return outcome;
  }
}

/**
 * Checks, by shape, that `value` is an apcore Executor: what a provider's dispatch checks
 * first, before reading its provider's payload.
 *
 * @throws {InvalidArgumentError} naming the `executor` argument.
 * @example
 * ```ts
 * assertExecutor(executor);
 * ```
 */
export function assertExecutor(value: unknown): asserts value is ExecutorLike {
  if (!isExecutorLike(value)) {
    throw new InvalidArgumentError('Expected an apcore Executor (call, registry)', {
      argument: 'executor',
    });
  }
}

function createDispatch(executor: ExecutorLike, options: DispatchOptions): Dispatch {
  assertExecutor(executor);
  const mapper =
    options.errorMapper ??
    new ErrorMapper(options.logger === undefined ? {} : { logger: options.logger });
  const allowedNames = options.toolNames === undefined ? undefined : new Set(options.toolNames);
  return { executor, options, mapper, allowedNames, toolNames: new ToolNames(executor.registry) };
}

/**
 * The text a model reads of an outcome's failure: the message, then (after a blank line) the
 * AI guidance when there is one.
 *
 * @example
 * ```ts
 * describeDispatchFailure({ id: 'c', ok: false, error: 'Access denied', guidance: '{"retryable":false}', executed: true });
 * // 'Access denied\n\n{"retryable":false}'
 * ```
 */
export function describeDispatchFailure(outcome: Extract<DispatchOutcome, { ok: false }>): string {
  return outcome.guidance === undefined ? outcome.error : `${outcome.error}\n\n${outcome.guidance}`;
}

/**
 * The way back from any model API to apcore: runs each call through `executor.call()` (so the
 * Executor's ACL, validation, approval policy and middleware apply) and returns one outcome
 * per call, in order. A name is mapped back to its module through the names of the executor's
 * registry (shortened ones included), a grouped tool through `groups` and the call's `action`;
 * a name no module has, or one outside `toolNames`, is refused as `Unknown tool: <name>`, and
 * arguments that are not an object as `Invalid arguments ...`, with nothing executed. An output
 * is redacted (`x-sensitive`, `_secret_` keys) and returned as parts; a failure as the
 * `ErrorMapper`'s sanitized text and the contract's AI guidance. Calls run concurrently unless
 * `sequential`. Never rejects for a failing call; only for an `executor` or `calls` it cannot use.
 *
 * @example
 * ```ts
 * const [outcome] = await dispatchCalls(executor, [{ id: 'toolu_01', name: 'image-resize', arguments: { width: 100 } }]);
 * ```
 */
export async function dispatchCalls(
  executor: ExecutorLike,
  calls: readonly DispatchInput[],
  options: DispatchOptions = {},
): Promise<DispatchOutcome[]> {
  const dispatch = createDispatch(executor, options);
  if (!Array.isArray(calls)) {
    throw new InvalidArgumentError('calls must be an array of tool calls', {
      argument: 'calls',
    });
  }
  if (options.sequential !== true) return Promise.all(calls.map((call) => runCall(call, dispatch)));
  const outcomes: DispatchOutcome[] = [];
  for (const call of calls) outcomes.push(await runCall(call, dispatch));
  return outcomes;
}
