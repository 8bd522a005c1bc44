/**
 * A failure in words, for the status line or the result panel.
 *
 * @example
 * ```ts
 * const failure: Failure = { kind: 'auth', message: 'The server refused the token (HTTP 401).' };
 * ```
 */
export type Failure =
  | { kind: 'auth'; status: number; message: string }
  | { kind: 'protocol'; code: number; message: string }
  | { kind: 'cancelled'; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'other'; message: string };

/**
 * Names what went wrong, from the SDK's errors (read by shape, so the logic needs no SDK
 * import): an HTTP 401/403 is an auth failure the user can fix with another token; a JSON-RPC
 * error keeps its code; an abort is a cancellation; a failed `fetch` means the server is not
 * reachable.
 *
 * @example
 * ```ts
 * describeError(Object.assign(new Error('Unauthorized'), { status: 401 }));
 * // { kind: 'auth', status: 401, message: 'The server refused the token (HTTP 401 Unauthorized) ...' }
 * ```
 */
export function describeError(error: unknown): Failure {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  const message = error instanceof Error ? error.message : String(error);
  const status = httpStatus(record, message);
  if (status === 401 || record.name === 'UnauthorizedError') {
    return { kind: 'auth', status: 401, message: AUTH_MESSAGES[401] };
  }
  if (status === 403) return { kind: 'auth', status: 403, message: AUTH_MESSAGES[403] };
  if (record.name === 'AbortError' || /\babort/i.test(message)) {
    return { kind: 'cancelled', message: 'Cancelled.' };
  }
  if (typeof record.code === 'number') {
    return { kind: 'protocol', code: record.code, message: stripCodePrefix(message) };
  }
  if (error instanceof TypeError && /fetch|network|load failed/i.test(message)) {
    return { kind: 'network', message: 'Could not reach the server: is it still running?' };
  }
  if (status !== undefined) {
    return { kind: 'other', message: `The server answered HTTP ${status}: ${message}` };
  }
  return { kind: 'other', message };
}

const AUTH_MESSAGES = {
  401: 'The server refused the token (HTTP 401 Unauthorized): it is missing, expired or not valid here. Enter another token.',
  403: 'The server denied access with this token (HTTP 403 Forbidden). Enter a token allowed to use this server.',
} as const;

function httpStatus(record: Record<string, unknown>, message: string): number | undefined {
  if (typeof record.status === 'number') return record.status;
  const data = record.data as Record<string, unknown> | undefined;
  if (typeof data?.status === 'number') return data.status;
  const match = /\b(?:HTTP |status code |Error POSTing to endpoint \(HTTP )(\d{3})\b/.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The SDK writes `MCP error -32602: message`; the page shows the code apart. */
function stripCodePrefix(message: string): string {
  return message.replace(/^MCP error -?\d+:\s*/, '');
}
