import { type Logger, type ModuleErrorLike, readProperty } from '@apcore-mcp/core/bridge';
import { guidanceForCode, guidanceOf } from './ai-guidance.js';
import { formatValidationErrors } from './format-validation-errors.js';
import { readModuleErrorCode } from './is-module-error-like.js';
import {
  createToolErrorResult,
  INTERNAL_ERROR_CODE,
  INTERNAL_ERROR_MESSAGE,
  type ToolErrorResult,
  withAiGuidance,
} from './tool-error-result.js';

/** Options of {@link ErrorMapper}. */
export interface ErrorMapperOptions {
  /** Receives unexpected failures with their stack (never the client). Silent when absent. */
  logger?: Logger;
}

/** Codes whose text is fixed: their details (caller ids, call chains) never leave the server. */
const FIXED_TEXTS: Readonly<Record<string, string>> = Object.freeze({
  ACL_DENIED: 'Access denied',
  CALL_DEPTH_EXCEEDED: 'Call depth limit exceeded',
  CIRCULAR_CALL: 'Circular call detected',
  CALL_FREQUENCY_EXCEEDED: 'Call frequency limit exceeded',
  APPROVAL_DENIED: 'Approval denied',
  INSPECTOR_READ_ONLY:
    'Not run: this server lets the inspector read its tools but not call them (inspector.allowExecute is off)',
  MODULE_DISABLED: 'Not run: this module is switched off on this server',
});

/** Reads `details[camelKey]`, falling back to the seeds' snake_case spelling. */
function readDetail(error: ModuleErrorLike, camelKey: string, snakeKey: string): unknown {
  const details = readProperty(error, 'details');
  return readProperty(details, camelKey) ?? readProperty(details, snakeKey);
}

function formatNotFound(error: ModuleErrorLike): string {
  const moduleId = readDetail(error, 'moduleId', 'module_id');
  return typeof moduleId === 'string' ? `Module not found: ${moduleId}` : 'Module not found';
}

function formatTimeout(error: ModuleErrorLike): string {
  const timeoutMs = readDetail(error, 'timeoutMs', 'timeout_ms');
  return typeof timeoutMs === 'number' && Number.isFinite(timeoutMs)
    ? `Module timed out after ${timeoutMs}ms`
    : 'Module timed out';
}

function formatInvalidInput(error: ModuleErrorLike): string {
  const message = readProperty(error, 'message');
  return typeof message === 'string' ? `Invalid input: ${message}` : 'Invalid input';
}

function formatUpstream(error: ModuleErrorLike): string {
  const message = readProperty(error, 'message');
  return typeof message === 'string' ? `Upstream error: ${message}` : 'Upstream error';
}

function formatInvalidResult(error: ModuleErrorLike): string {
  const message = readProperty(error, 'message');
  return typeof message === 'string' ? `Invalid result: ${message}` : 'Invalid result';
}

/** The client-facing text for a module error, per the tech design's mapping table (§9.1). */
function formatModuleError(error: ModuleErrorLike, code: string): string {
  const fixed = FIXED_TEXTS[code];
  if (fixed !== undefined) {
    return fixed;
  }
  switch (code) {
    case 'MODULE_NOT_FOUND':
      return formatNotFound(error);
    case 'SCHEMA_VALIDATION_ERROR':
      return formatValidationErrors(readDetail(error, 'errors', 'errors'));
    case 'MODULE_TIMEOUT':
      return formatTimeout(error);
    case 'GENERAL_INVALID_INPUT':
      return formatInvalidInput(error);
    case 'INVALID_RESULT':
      return formatInvalidResult(error);
    case 'UPSTREAM_ERROR':
      return formatUpstream(error);
    default:
      return `Module error: ${code}`;
  }
}

/**
 * Maps anything a tool call can throw to a sanitized MCP tool error result (`isError: true`),
 * following the tech design's mapping table (§9.1) and FR-ERROR-001..011. Errors are recognised
 * by their string `code` (never by class), so errors from any apcore runtime map alike.
 *
 * The text never carries stack traces, file paths, caller ids or exception class names:
 * anything that is not an apcore module error becomes `Internal error occurred` and is logged
 * (with its stack) through the optional logger. The machine-readable code travels in
 * `_meta['apcore/errorCode']`, and the apcore contract's AI guidance (`retryable`, `aiGuidance`,
 * `userFixable`, `suggestion`: the error's own where it carries them, else its code's) in
 * `_meta` and as a JSON text block after the message (see `withAiGuidance`). `toMcpError` never
 * throws.
 *
 * @example
 * ```ts
 * const mapper = new ErrorMapper({ logger });
 * mapper.toMcpError({ code: 'ACL_DENIED', message: 'caller x denied', details: { callerId: 'x' } });
 * // { content: [{ type: 'text', text: 'Access denied' }, { type: 'text', text: '{"retryable":false,...}' }],
 * //   isError: true, _meta: { 'apcore/errorCode': 'ACL_DENIED', 'apcore/retryable': false, ... } }
 * ```
 */
export class ErrorMapper {
  readonly #logger: Logger | undefined;

  constructor(options: ErrorMapperOptions = {}) {
    this.#logger = options.logger;
  }

  /** Converts a thrown value to a tool error result; see the class documentation. */
  toMcpError(error: unknown): ToolErrorResult {
    try {
      const code = readModuleErrorCode(error);
      if (code !== undefined) {
        const text = formatModuleError(error as ModuleErrorLike, code);
        this.#logModuleError(error as ModuleErrorLike, code);
        // Codes with a fixed text keep their fixed guidance too: what the error carries may
        // speak of what the text hides (a caller, a call chain).
        const guidance =
          FIXED_TEXTS[code] === undefined ? guidanceOf(error, code) : guidanceForCode(code);
        return withAiGuidance(createToolErrorResult(text, code), guidance);
      }
    } catch (mappingFailure) {
      this.#log('error', { err: mappingFailure }, 'Mapping a module error failed');
    }
    // The full error, stack included, stays on the server; the client gets the fixed text.
    this.#log('error', { err: error }, 'Unexpected error during tool execution');
    return withAiGuidance(
      createToolErrorResult(INTERNAL_ERROR_MESSAGE, INTERNAL_ERROR_CODE),
      guidanceForCode(INTERNAL_ERROR_CODE),
    );
  }

  /** Module errors are expected outcomes; only their cause, when there is one, is worth a look. */
  #logModuleError(error: ModuleErrorLike, code: string): void {
    const cause = readProperty(error, 'cause');
    if (cause !== undefined) {
      this.#log('warn', { code, err: cause }, `Module error ${code} with a cause`);
    } else {
      this.#log('debug', { code }, `Module error ${code}`);
    }
  }

  /** A logger that throws must not turn an error result into an exception. */
  #log(level: 'debug' | 'warn' | 'error', object: Record<string, unknown>, message: string): void {
    try {
      this.#logger?.[level](object, message);
    } catch {
      // Nothing sensible is left to do: the result must still reach the client.
    }
  }
}
