import { ResourceNotFoundError as SdkResourceNotFoundError } from '@modelcontextprotocol/server';
import type { RouterCallExtra } from '../../kernel/call-extra.js';
import { ResourceNotFoundError } from '../../kernel/resource-not-found-error.js';
import { envelopeCapabilitiesOf, envelopeVersionOf } from '../request-envelope.js';
import type { RevisionCodec } from '../revision-codec.js';
import { toInputRound } from './input-round.js';
import { declaresTasksExtension, missingTasksCapability } from './missing-tasks-capability.js';
import { createTaskApi } from './task-api.js';

// Results carry cache attributes; what follows the caller stays private to it.
const NO_CACHE = Object.freeze({ ttlMs: 0, cacheScope: 'private' as const });

/**
 * The 2026-07-28 revision: stateless requests, each carrying its version and the client's
 * capabilities in its own `_meta` envelope; no server-to-client requests (a call asks through
 * `input_required` rounds, signed with `requestState`); tasks through the tasks extension;
 * a missing resource is -32602 with `data: { uri }`.
 *
 * @example
 * ```ts
 * const extra = rev2026Codec.callExtra(ctx, server, { requestState });
 * ```
 */
export const rev2026Codec: RevisionCodec = {
  era: '2026-07-28',
  sessions: false,
  // On stdio the SDK hands an update to the `subscriptions/listen` streams that asked for it;
  // a per-request HTTP instance drops it (its streams hear it from the endpoint instead).
  updatesNeedSubscription: false,
  tasksStartAtOnce: false,
  events: true,
  privateResultHints: NO_CACHE,
  protocolVersion: (ctx) => envelopeVersionOf(ctx),
  callExtra(ctx, _server, { requestState }) {
    const extra: RouterCallExtra = { era: rev2026Codec.era };
    const version = envelopeVersionOf(ctx);
    if (version !== undefined) extra.protocolVersion = version;
    const capabilities = envelopeCapabilitiesOf(ctx);
    if (capabilities !== undefined) extra.clientCapabilities = capabilities;
    if (requestState !== undefined) extra.inputRound = toInputRound(ctx, requestState);
    return extra;
  },
  resourceNotFound(uri) {
    const error = new ResourceNotFoundError(uri);
    // The SDK's own class: -32602 with `data: { uri }`, as this revision requires.
    return new SdkResourceNotFoundError(error.details.uri, error.message);
  },
  takesTasks: (extra) =>
    extra.tasksServed === true && declaresTasksExtension(extra.clientCapabilities),
  refuseTaskRequired: () => missingTasksCapability(),
  serverCapabilities: (capabilities) => capabilities,
  taskApi: (_server, options) => createTaskApi(options),
  prepareServer: () => {},
};
