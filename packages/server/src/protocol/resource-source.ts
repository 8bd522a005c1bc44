import type {
  InputRequiredResult,
  ProtocolError,
  ServerContext,
} from '@modelcontextprotocol/server';
import type {
  McpReadResourceResult,
  McpResource,
  McpResourceTemplate,
} from '../kernel/mcp-resource.js';
import type { ToolSource } from '../kernel/served-tool.js';
import type { RequestTarget } from '../requests/mcp-request.js';
import type { DefinitionAsking } from './asking-definition-call.js';

/**
 * One `resources/read` as a {@link ResourceSource} sees it: the SDK's request context, the tools
 * its caller may see (a module's resources follow its tool), and how a read may ask the client.
 *
 * @example
 * ```ts
 * const read: ResourceRead = { ctx, visibleTools: tools, asking };
 * ```
 */
export interface ResourceRead {
  readonly ctx: ServerContext;
  readonly visibleTools: ToolSource;
  readonly asking: DefinitionAsking;
}

/**
 * Some of the resources a server serves, as a feature gives them to the frame's resource
 * methods (`registerResourceHandlers`): they list every source's resources and templates in
 * the feature list's order, and read a URI from the first source that serves it.
 *
 * @example
 * ```ts
 * const docs: ResourceSource = {
 *   list: (visibleTools) => documentation.list(visibleTools),
 *   read: (uri, { visibleTools }) => documentation.read(uri, visibleTools),
 *   serves: (uri, visibleTools) => documentation.read(uri, visibleTools) !== undefined,
 * };
 * ```
 */
export interface ResourceSource {
  /** Its `resources/list` entries that a caller seeing `visibleTools` may see. */
  list?(visibleTools: ToolSource): McpResource[];
  /** Its `resources/templates/list` entries. */
  listTemplates?(): McpResourceTemplate[];
  /**
   * Reads `uri`; `undefined` when it is none of its resources (or one the caller may not see:
   * the next source is asked, and a URI nobody serves is not found).
   *
   * @throws {UnreadableFileError} for a served file gone or outside its folder (not found);
   *   a `ProtocolError` as it is; anything else is an internal error (see `toResourceReadError`).
   */
  read(
    uri: string,
    read: ResourceRead,
  ):
    | McpReadResourceResult
    | InputRequiredResult
    | undefined
    | Promise<McpReadResourceResult | InputRequiredResult | undefined>;
  /** Whether a caller seeing `visibleTools` may read `uri` from it (to subscribe to it). */
  serves(uri: string, visibleTools: ToolSource): boolean;
  /**
   * What a read of `uri` names, when it is one of its own by a bounded name (a template, a
   * defined URI): metrics, spans and the ledger label it so. None: labelled once read.
   */
  targetOf?(uri: string): RequestTarget | undefined;
  /**
   * The error for a URI no source serves that looks meant for one of its own (a template it
   * does not match); none: the request's revision's "resource not found".
   */
  notFound?(uri: string): ProtocolError | undefined;
}
