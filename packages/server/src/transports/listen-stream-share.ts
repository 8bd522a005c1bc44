import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord } from '@apcore-mcp/core/bridge';
import { sendJson } from '../kernel/http-response.js';
import type { Logger } from '../kernel/logger.js';
import {
  type BoundRefusal,
  refuseListenStream,
  refuseLongUri,
  refuseSubscriptions,
} from '../protocol/resource-bounds.js';
import { requestIdOf } from './request-id.js';
import { sessionOwnerOf } from './session-owner.js';

/** The bounds {@link ListenStreamShare} holds 2026-07-28 `subscriptions/listen` requests to. */
export interface ListenStreamBounds {
  /** Open listen streams per authenticated subject. */
  maxListenStreamsPerSubject: number;
  /** URIs one listen request may ask for. */
  maxSubscriptionsPerSession: number;
  /** Characters of each of those URIs. */
  maxResourceUriLength: number;
}

/**
 * Holds 2026-07-28 `subscriptions/listen` requests over Streamable HTTP to the server's bounds
 * before the SDK's handler opens their streams: at most `maxSubscriptionsPerSession` resource
 * URIs, each at most `maxResourceUriLength` long, and at most `maxListenStreamsPerSubject`
 * streams open at once for one authenticated subject (counted in this process, until the
 * stream's response closes). Without authentication there is no subject to tell apart: the
 * SDK's own bound on all streams of the endpoint applies alone. A refusal is answered in band,
 * as the SDK answers its own: HTTP 200 and a -32602 error naming the option and its limit.
 *
 * @example
 * ```ts
 * const share = new ListenStreamShare(bounds, logger);
 * if (!share.admit(request, response, body)) return;
 * ```
 */
export class ListenStreamShare {
  readonly #bounds: ListenStreamBounds;
  readonly #logger: Logger;
  /** Open streams by subject; a subject with none is not kept. */
  readonly #open = new Map<string, number>();

  constructor(bounds: ListenStreamBounds, logger: Logger) {
    this.#bounds = bounds;
    this.#logger = logger;
  }

  /**
   * Whether the request may go on to the SDK: `true` for anything but a listen request, and for
   * one within the bounds (then counted until its response closes); `false` once the refusal
   * has been answered.
   */
  admit(request: IncomingMessage, response: ServerResponse, body: unknown): boolean {
    if (!isRecord(body) || body.method !== 'subscriptions/listen') return true;
    const subject = sessionOwnerOf(request);
    const refusal = this.#checkFilter(body.params) ?? this.#checkShare(subject);
    if (refusal !== undefined) {
      this.#logger.warn(
        { option: refusal.data.option, limit: refusal.data.limit, subject },
        `Refused a subscriptions/listen request over ${refusal.data.option}`,
      );
      sendJson(response, 200, { jsonrpc: '2.0', id: requestIdOf(body), error: refusal });
      return false;
    }
    if (subject !== undefined) this.#count(subject, response);
    return true;
  }

  #checkFilter(params: unknown): BoundRefusal | undefined {
    const notifications = isRecord(params) ? params.notifications : undefined;
    const uris = isRecord(notifications) ? notifications.resourceSubscriptions : undefined;
    // A malformed filter is the SDK's to refuse.
    if (!Array.isArray(uris)) return undefined;
    const { maxSubscriptionsPerSession, maxResourceUriLength } = this.#bounds;
    if (uris.length > maxSubscriptionsPerSession) {
      return refuseSubscriptions({ limit: maxSubscriptionsPerSession, listen: true });
    }
    for (const uri of uris) {
      const refusal =
        typeof uri === 'string' ? refuseLongUri(uri, maxResourceUriLength) : undefined;
      if (refusal !== undefined) return refusal;
    }
    return undefined;
  }

  #checkShare(subject: string | undefined): BoundRefusal | undefined {
    const limit = this.#bounds.maxListenStreamsPerSubject;
    if (subject === undefined || (this.#open.get(subject) ?? 0) < limit) return undefined;
    return refuseListenStream(limit);
  }

  #count(subject: string, response: ServerResponse): void {
    this.#open.set(subject, (this.#open.get(subject) ?? 0) + 1);
    response.once('close', () => {
      const left = (this.#open.get(subject) ?? 1) - 1;
      if (left === 0) this.#open.delete(subject);
      else this.#open.set(subject, left);
    });
  }
}
