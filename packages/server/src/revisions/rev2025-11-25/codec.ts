import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError as SdkResourceNotFoundError,
} from '@modelcontextprotocol/server';
import type { RouterCallExtra } from '../../kernel/call-extra.js';
import { withoutEvents } from '../../kernel/events-extension.js';
import { ResourceNotFoundError } from '../../kernel/resource-not-found-error.js';
import type { RevisionCodec } from '../revision-codec.js';
import { toClientRequests } from './client-requests.js';
import { answerLegacyNotFoundWithItsCode, markLegacyNotFound } from './not-found-code.js';
import { createLegacyTaskApi } from './task-api.js';
import { LEGACY_TASKS_CAPABILITY } from './task-wire.js';

/** The one revision before 2026-07-28 that has tasks (experimental there). */
const TASKS_REVISION = '2025-11-25';

const NO_HINTS = Object.freeze({});

/**
 * The 2025-11-25 revision (and the ones before it): sessions opened by `initialize`, which
 * tells the version and the client's capabilities once; calls ask the client through real
 * server-to-client requests; tasks through the revision's experimental task API (a call asks
 * for one with the `task` parameter); a missing resource is -32002 with `data: { uri }`.
 * Deleting this folder and its line in `pick-revision.ts` drops the revision.
 *
 * @example
 * ```ts
 * const extra = rev2025Codec.callExtra(ctx, server, { params });
 * ```
 */
export const rev2025Codec: RevisionCodec = {
  era: TASKS_REVISION,
  sessions: true,
  updatesNeedSubscription: true,
  // No input rounds to carry what a quick part asked into the task: a task from the start.
  tasksStartAtOnce: true,
  // The events extension is defined for 2026-07-28 only.
  events: false,
  privateResultHints: NO_HINTS,
  protocolVersion: (_ctx, server) => server.getNegotiatedProtocolVersion(),
  callExtra(ctx, server, { params }) {
    const extra: RouterCallExtra = { era: rev2025Codec.era, ...toClientRequests(ctx) };
    const capabilities = server.getClientCapabilities();
    if (capabilities !== undefined) extra.clientCapabilities = capabilities;
    const version = server.getNegotiatedProtocolVersion();
    if (version !== undefined) extra.protocolVersion = version;
    if (params?.task !== undefined) extra.taskRequested = true;
    return extra;
  },
  resourceNotFound(uri, { server, ctx }) {
    // The SDK sends a missing resource -32602 whatever the code thrown (as 2026-07-28
    // requires); the mark has the server send this one with -32002, this revision's code.
    markLegacyNotFound(server, ctx.mcpReq.id);
    const error = new ResourceNotFoundError(uri);
    return new SdkResourceNotFoundError(error.details.uri, error.message);
  },
  takesTasks: (extra) => extra.tasksServed === true && extra.taskRequested === true,
  refuseTaskRequired: () =>
    new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      'This tool runs only as a task: call it with the task parameter',
    ),
  serverCapabilities: (capabilities, { tasks, version }) => {
    const declared = withoutEvents(capabilities);
    return tasks && version === TASKS_REVISION
      ? { ...declared, tasks: LEGACY_TASKS_CAPABILITY }
      : declared;
  },
  taskApi: (server, options) => createLegacyTaskApi(server, options),
  prepareServer: (server) => answerLegacyNotFoundWithItsCode(server),
};
