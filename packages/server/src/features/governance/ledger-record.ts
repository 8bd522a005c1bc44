/**
 * One line of the call ledger: who called which tool with which arguments (sensitive ones
 * masked), how long it took, how it ended and what it cost.
 *
 * @example
 * ```ts
 * const record: LedgerRecord = {
 *   time: '2026-11-24T14:02:11.532Z', subject: 'alice', tool: 'orders-refund_order',
 *   moduleId: 'orders.refund_order', arguments: { orderId: 'A-17', cardNumber: '***REDACTED***' },
 *   durationMs: 4.21, outcome: 'ok', cost: 2,
 * };
 * ```
 */
export interface LedgerRecord {
  /** When the call started, ISO 8601 (UTC). */
  readonly time: string;
  /** The authenticated subject (`identity.id`), or `@anonymous`. */
  readonly subject: string;
  /**
   * The MCP method, written for requests other than tool calls only (`resources/read`,
   * `prompts/get`, `completion/complete`); absent: a `tools/call`.
   */
  readonly method?: string;
  /**
   * The tool name the client called; for another request, what it named: `prompt:<name>`,
   * `resource:<uri>`, `completion:prompt:<name>` or `completion:resource:<uri template>`.
   */
  readonly tool: string;
  /** The module the tool runs; `''` for a request other than a tool call (no module runs). */
  readonly moduleId: string;
  /** The call's arguments, every property marked `x-sensitive: true` replaced by `"***REDACTED***"`. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** From the call's arrival to its answer, in milliseconds (rounded to µs). */
  readonly durationMs: number;
  /** `ok`, or the error code of the failed call (`SCHEMA_VALIDATION_ERROR`, `APPROVAL_DENIED`, ...). */
  readonly outcome: string;
  /**
   * A failed call's error: its code and the first line of the message the client got, without
   * file paths and cut to 200 characters; absent for a call that succeeded (and for requests
   * other than tool calls).
   */
  readonly error?: LedgerError;
  /** The module's `metadata.cost` when the call got past governance; 0 otherwise. */
  readonly cost: number;
  /**
   * The call's trace id (the module's `context.traceId`) when the request carried a valid W3C
   * `traceparent` or the call was traced; absent otherwise.
   */
  readonly traceId?: string;
}

/**
 * The error a failed call ended with, as the ledger keeps it.
 *
 * @example
 * ```ts
 * const error: LedgerError = { code: 'RATE_LIMITED', message: 'Rate limit of 60 calls per minute reached; retry in 12 s' };
 * ```
 */
export interface LedgerError {
  readonly code: string;
  readonly message: string;
}

/**
 * Where ledger records go. `append` is called on the call path and must return at once (buffer,
 * write later) and never throw; `close` writes out everything appended and releases the store.
 * The server closes its store on shutdown, after in-flight calls have answered.
 *
 * @example
 * ```ts
 * const memory: LedgerRecord[] = [];
 * const store: LedgerStore = { append: (record) => void memory.push(record), close: async () => {} };
 * await serve(registry, { ledger: store });
 * ```
 */
export interface LedgerStore {
  append(record: LedgerRecord): void;
  /** Writes out what was appended so far (optional). */
  flush?(): Promise<void>;
  close(): Promise<void>;
}

const TEXT_FIELDS = ['time', 'subject', 'tool', 'moduleId', 'outcome'] as const;
const NUMBER_FIELDS = ['durationMs', 'cost'] as const;

/**
 * Reads one line of a JSON-lines ledger file.
 *
 * @throws {SyntaxError} when the line is not JSON, or not a record (the message says which field).
 * @example
 * ```ts
 * const record = parseLedgerLine(line);
 * console.log(record.subject, record.tool, record.outcome);
 * ```
 */
export function parseLedgerLine(line: string): LedgerRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new SyntaxError('not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SyntaxError('not a JSON object');
  }
  const record = value as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    if (typeof record[field] !== 'string') throw new SyntaxError(`"${field}" is not a string`);
  }
  for (const field of NUMBER_FIELDS) {
    if (typeof record[field] !== 'number') throw new SyntaxError(`"${field}" is not a number`);
  }
  const args = record.arguments;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new SyntaxError('"arguments" is not an object');
  }
  if (record.method !== undefined && typeof record.method !== 'string') {
    throw new SyntaxError('"method" is not a string');
  }
  const error = record.error as Record<string, unknown> | undefined;
  if (
    error !== undefined &&
    (typeof error !== 'object' ||
      error === null ||
      typeof error.code !== 'string' ||
      typeof error.message !== 'string')
  ) {
    throw new SyntaxError('"error" is not an object { code, message }');
  }
  if (record.traceId !== undefined && typeof record.traceId !== 'string') {
    throw new SyntaxError('"traceId" is not a string');
  }
  if (Number.isNaN(Date.parse(record.time as string))) {
    throw new SyntaxError('"time" is not an ISO date');
  }
  return record as unknown as LedgerRecord;
}
