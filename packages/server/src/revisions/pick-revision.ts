import type { ServerContext } from '@modelcontextprotocol/server';
import type { ProtocolEra } from '../kernel/call-extra.js';
import { envelopeVersionOf } from './request-envelope.js';
import { rev2025Codec } from './rev2025-11-25/codec.js';
import { rev2026Codec } from './rev2026-07-28/codec.js';
import type { RevisionCodec } from './revision-codec.js';

// The one place that knows every revision served: dropping one is deleting its folder and
// its lines here.
const BY_ERA: Readonly<Record<ProtocolEra, RevisionCodec>> = {
  '2025-11-25': rev2025Codec,
  '2026-07-28': rev2026Codec,
};

/** The revisions served, newest first. */
export const SERVED_REVISIONS: readonly RevisionCodec[] = [rev2026Codec, rev2025Codec];

/** The codec of what carries no revision: the newest. */
const NEWEST = rev2026Codec;

/**
 * The codec of an SDK request: a request carrying its version in its own `_meta` envelope is
 * 2026-07-28's (stateless); any other came on a 2025-11-25 connection (`initialize`). A pure
 * function of what the SDK tells about the request: asking again gives the same codec.
 *
 * @example
 * ```ts
 * throw revisionOfRequest(ctx).resourceNotFound(uri, { server, ctx });
 * ```
 */
export function revisionOfRequest(ctx: ServerContext): RevisionCodec {
  return envelopeVersionOf(ctx) === undefined ? rev2025Codec : rev2026Codec;
}

/**
 * The codec of a call, from the revision its request picked (`extra.era`, set once by the
 * codec that built the call); a call made in process with none follows the newest.
 *
 * @example
 * ```ts
 * if (!revisionOfCall(call.extra).takesTasks(call.extra)) return next();
 * ```
 */
export function revisionOfCall(extra: { era?: ProtocolEra | undefined }): RevisionCodec {
  return extra.era === undefined ? NEWEST : BY_ERA[extra.era];
}

/**
 * The codec of a connection that negotiated `version` (`undefined` before `initialize`, which
 * is the 2025 lane's): revisions are dates, and every one from the first stateless revision on
 * is that codec's.
 *
 * @example
 * ```ts
 * const revision = revisionOfVersion(server.getNegotiatedProtocolVersion());
 * ```
 */
export function revisionOfVersion(version: string | undefined): RevisionCodec {
  return version !== undefined && version >= rev2026Codec.era ? rev2026Codec : rev2025Codec;
}
