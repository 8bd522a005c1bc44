import { ErrorCodes, type Identity, ModuleError } from '@apcore-mcp/core';
import type { PreflightReport } from '../calls/pipeline/preflight-entry.js';
import { PREFLIGHT_META_KEY } from '../kernel/call-extra.js';
import { readErrorCode, type ToolCallResult } from '../kernel/tool-call-result.js';
import type { ServeOptions } from '../options/serve-options.js';
import type { RegistryOrExecutor } from './resolve-target.js';

/**
 * The call {@link checkCall} checks: a tool by the name clients call it, its arguments, and who
 * calls (none: the `identity` option, else an anonymous caller).
 *
 * @example
 * ```ts
 * const call: CallToCheck = { tool: 'orders-create', arguments: { quantity: 2 }, identity: { id: 'ann', roles: ['staff'] } };
 * ```
 */
export interface CallToCheck {
  tool: string;
  arguments?: Record<string, unknown>;
  identity?: Identity;
}

/** A dry run serves no transport and handles no signal. */
const CHECK_DEFAULTS = { transport: 'stdio', handleSignals: false, allowAnyPort: true } as const;

/**
 * The dry run of one call, in this process: the answer a client's `tools/call` with
 * `_meta["apcore/preflight"]: true` would get, from the same pipeline under the same options
 * (ACL, input schema, approval, the limits in `options.store`, counting nothing), without
 * serving anything. The module does not run and no ledger or usage counts it. Settles once
 * what the options opened is closed again, `options.store` included (as `serve()` closes it).
 *
 * @throws {ModuleError} when the call is refused before any check, as a client's would be:
 *   `MODULE_NOT_FOUND` for a name no tool is served under, or the refusal a grouped tool's
 *   unknown `action` gets.
 * @throws {InvalidOptionError} for a bad option; {@link ToolNameCollisionError} when two modules
 *   would get one tool name.
 * @example
 * ```ts
 * const report = await checkCall(executor, { limits: { budget: '100/day' } }, {
 *   tool: 'orders-create',
 *   arguments: { quantity: 0 },
 * });
 * report.valid; // false
 * report.input.errors; // ['quantity: must be >= 1']
 * ```
 */
export async function checkCall(
  registryOrExecutor: RegistryOrExecutor,
  options: ServeOptions,
  call: CallToCheck,
): Promise<PreflightReport> {
  // Loaded on the first check: the ledger and usage readers that share this entry point start
  // in 0.4 s instead of 2 s without the server's runtime.
  const [
    { resolveOptions },
    { openRuntime },
    { createRandomStateKey },
    { createMemoryLimitStore },
  ] = await Promise.all([
    import('../options/resolve-options.js'),
    import('./open-runtime.js'),
    import('../options/state-key.js'),
    import('../store/memory-limit-store.js'),
  ]);
  // A dry run asks the user nothing, so it signs no round and claims none: no key or store is
  // shared for rounds, and nothing is worth a notice about them.
  const stateKey = options.stateKey ?? createRandomStateKey();
  const store = options.store ?? createMemoryLimitStore();
  let resolved: ReturnType<typeof resolveOptions>;
  try {
    resolved = resolveOptions({ ...options, stateKey, store }, CHECK_DEFAULTS);
  } catch (error) {
    // Nothing opened it yet: the store given is closed here, as a start that fails closes it.
    await store.close();
    throw error;
  }
  const runtime = await openRuntime(registryOrExecutor, resolved);
  try {
    const extra = {
      preflight: true,
      ...(call.identity === undefined ? {} : { identity: call.identity }),
    };
    const answer = await runtime.router.handleCall(call.tool, call.arguments ?? {}, extra);
    return toReport(answer);
  } finally {
    runtime.unload();
    await runtime.closeState();
  }
}

function toReport(answer: ToolCallResult): PreflightReport {
  if (answer._meta?.[PREFLIGHT_META_KEY] === true && answer.structuredContent !== undefined) {
    return answer.structuredContent as PreflightReport;
  }
  const first = answer.content[0];
  throw new ModuleError({
    code: readErrorCode(answer) ?? ErrorCodes.GENERAL_INVALID_INPUT,
    message: first?.type === 'text' ? first.text : 'The call was refused',
  });
}
