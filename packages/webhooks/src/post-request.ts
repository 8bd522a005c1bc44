import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { bareHost } from './callback-url.js';
import type { DeliveryErrorCategory } from './delivery-outcome.js';
import type { ResolvedAddress } from './resolve-destination.js';

/** One POST to a destination whose address was already checked. */
export interface PostRequest {
  readonly url: URL;
  /** The checked address: the socket connects there, whatever DNS answers meanwhile. */
  readonly destination: ResolvedAddress;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  /** How much of the response body to keep; `0` = only the status matters. */
  readonly readLimit: number;
  /** Extra PEM certificate authorities, trusted besides Node's bundled roots. */
  readonly ca?: readonly string[] | undefined;
}

/**
 * The answer: the status (and the body, when asked for and within the limit, else
 * `undefined`), or the category of a failure without an answer.
 */
export type PostAnswer =
  | { readonly status: number; readonly body: string | undefined }
  | { readonly failure: DeliveryErrorCategory };

/**
 * POSTs once: no redirect followed (Node's client never follows them), no connection reuse, one
 * deadline for connecting, sending and reading, and at most `readLimit` bytes of the answer kept.
 *
 * @example
 * ```ts
 * await postRequest({ url, destination, headers, body: '{}', timeoutMs: 5000, readLimit: 0 });
 * ```
 */
export function postRequest(post: PostRequest): Promise<PostAnswer> {
  const { url, destination, body } = post;
  const signal = AbortSignal.timeout(post.timeoutMs);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const trusted = post.ca === undefined ? {} : { ca: [...rootCertificates, ...post.ca] };
  return new Promise((resolve) => {
    const outgoing = request({
      ...trusted,
      hostname: bareHost(url),
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...post.headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: false,
      lookup: pinnedLookup(destination),
      signal,
    });
    outgoing.on('error', (error) => {
      resolve({ failure: signal.aborted ? 'timeout' : categoryOfError(error) });
    });
    outgoing.on('response', (response) => {
      readBounded(response, post.readLimit).then(
        (kept) => resolve({ status: response.statusCode ?? 0, body: kept }),
        () => resolve({ failure: signal.aborted ? 'timeout' : 'connection_refused' }),
      );
    });
    outgoing.end(body);
  });
}

/** Answers every lookup with the address already checked, so DNS cannot change it mid-way. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * Reads up to `limit` bytes; more than that drops the socket. With `limit` 0 the body is drained
 * in the background (the deadline still bounds it) and only the status counts.
 */
async function readBounded(response: IncomingMessage, limit: number): Promise<string | undefined> {
  if (limit === 0) {
    response.resume();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      response.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const TLS_CODE = /^(?:ERR_TLS_|ERR_SSL_|EPROTO$)|CERT|SELF_SIGNED|UNABLE_TO_(?:GET|VERIFY)/;

/** A socket or TLS error as a category; DNS and connection failures read as refused. */
function categoryOfError(error: Error & { code?: unknown }): DeliveryErrorCategory {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR' || error.name === 'AbortError') return 'timeout';
  return TLS_CODE.test(code) ? 'tls_error' : 'connection_refused';
}
