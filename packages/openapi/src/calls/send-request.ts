import { ModuleTimeoutError } from '@apcore-mcp/core';
import type { BuiltRequest } from './build-request.js';
import { UpstreamError } from './upstream-error.js';

/** An answer read whole (within the size cap). */
export interface UpstreamAnswer {
  status: number;
  contentType: string;
  body: Uint8Array;
  /** The URL that answered (after same-origin redirects). */
  url: URL;
}

/** How {@link sendRequest} bounds a call. */
export interface SendOptions {
  moduleId: string;
  /** The call's signal: aborts on the caller's cancellation (and the executor's own timeout). */
  signal: AbortSignal;
  timeoutMs: number;
  maxResponseBytes: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** The next request of a redirect, or `null` when `response` is not one to follow. */
function followRedirect(
  request: BuiltRequest,
  response: Response,
  origin: string,
): BuiltRequest | null {
  const location = response.headers.get('location');
  if (!REDIRECT_STATUSES.has(response.status) || location === null) return null;
  const url = new URL(location, request.url);
  if (url.origin !== origin) {
    throw new UpstreamError({
      message: 'The API redirected the call to another origin, which is not followed',
      retryable: false,
      status: response.status,
      aiGuidance:
        'The API sent this call elsewhere; it was not followed. Do not retry; tell the user.',
    });
  }
  // 303, and 301/302 after a POST as browsers do, turn into a GET without a body.
  const toGet = response.status === 303 || (response.status <= 302 && request.method === 'POST');
  if (!toGet) return { ...request, url };
  const headers = new Headers(request.headers);
  headers.delete('content-type');
  return { url, method: 'GET', headers };
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new UpstreamError({
      message: `The API's answer is larger than ${maxBytes} bytes`,
      retryable: false,
      status: response.status,
      aiGuidance: 'The answer was too large to return. Ask for less (a filter, a smaller page).',
    });
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (response.body === null) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function exchange(request: BuiltRequest, options: SendOptions, signal: AbortSignal) {
  const origin = request.url.origin;
  let current = request;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(current.url, {
      method: current.method,
      headers: current.headers,
      ...(current.body === undefined ? {} : { body: current.body }),
      redirect: 'manual',
      signal,
    });
    const next = hop < MAX_REDIRECTS ? followRedirect(current, response, origin) : null;
    if (next === null) {
      const body = await readCapped(response, options.maxResponseBytes);
      const contentType = response.headers.get('content-type') ?? '';
      return { status: response.status, contentType, body, url: current.url };
    }
    await response.body?.cancel();
    current = next;
  }
}

/**
 * Sends one call's request: redirects followed only within the origin of the configured base
 * URL, the answer read up to `maxResponseBytes` (a larger one is cut off), the whole exchange
 * bounded by `timeoutMs` and aborted with the call's signal.
 *
 * @throws {ModuleTimeoutError} after `timeoutMs`.
 * @throws {UpstreamError} when the API cannot be reached (retryable), redirects elsewhere, or
 *   answers too much.
 * @throws the signal's reason when the call is cancelled.
 */
export async function sendRequest(
  request: BuiltRequest,
  options: SendOptions,
): Promise<UpstreamAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  try {
    return await exchange(request, options, signal);
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    if (timeout.aborted) {
      throw new ModuleTimeoutError({ moduleId: options.moduleId, timeoutMs: options.timeoutMs });
    }
    if (UpstreamError.isInstance(error)) throw error;
    throw new UpstreamError({
      message: 'The API could not be reached',
      retryable: true,
      cause: error,
      aiGuidance: 'The API behind this tool did not answer. Retry after a short wait.',
    });
  }
}
