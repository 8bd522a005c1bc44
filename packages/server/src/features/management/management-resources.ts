import { ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server';
import type { ExecutionRouter } from '../../calls/execution-router.js';
import type { RouterCallExtra } from '../../kernel/call-extra.js';
import type {
  McpReadResourceResult,
  McpResource,
  McpResourceTemplate,
} from '../../kernel/mcp-resource.js';
import type { ToolSource } from '../../kernel/served-tool.js';
import { readErrorCode } from '../../kernel/tool-call-result.js';
import type { ResourceRead, ResourceSource } from '../../protocol/resource-source.js';

const SCHEME = 'apcore://';
const JSON_TYPE = 'application/json';

/** The three resources and three templates of the read-only modules, in the contract's order. */
const RESOURCES = [
  { moduleId: 'system.health.summary', title: 'Health of every module' },
  { moduleId: 'system.usage.summary', title: 'Usage per tool' },
  { moduleId: 'system.manifest.full', title: 'Manifest of the server' },
] as const;
const TEMPLATES = [
  {
    moduleId: 'system.health.module',
    uriTemplate: `${SCHEME}system.health.module/{module_id}`,
    title: "One module's health",
  },
  {
    moduleId: 'system.usage.module',
    uriTemplate: `${SCHEME}system.usage.module/{module_id}{?period}`,
    title: "One module's usage",
  },
  {
    moduleId: 'system.manifest.module',
    uriTemplate: `${SCHEME}system.manifest.module/{module_id}`,
    title: "One module's manifest",
  },
] as const;

/** Which module a URI reads, with what arguments. */
interface ParsedUri {
  readonly moduleId: string;
  readonly arguments: Record<string, unknown>;
}

/**
 * The `apcore://system.*` resources and templates. A read runs the module through the router,
 * the same pipeline a `tools/call` meets (ACL, limits, the ledger): there is no second path to
 * a module. A module the caller may not see is no resource of theirs (not found).
 *
 * @example
 * ```ts
 * const resources = new ManagementResources({ router: () => router, isOwnRead });
 * ```
 */
export class ManagementResources implements ResourceSource {
  readonly #router: () => ExecutionRouter | undefined;
  readonly #markRead: (extra: RouterCallExtra) => void;

  constructor(options: {
    router: () => ExecutionRouter | undefined;
    markRead: (extra: RouterCallExtra) => void;
  }) {
    this.#router = options.router;
    this.#markRead = options.markRead;
  }

  list(visibleTools: ToolSource): McpResource[] {
    return RESOURCES.filter(({ moduleId }) => visibleTools.getByModuleId(moduleId)).map(
      ({ moduleId, title }) => ({
        uri: `${SCHEME}${moduleId}`,
        name: moduleId,
        title,
        mimeType: JSON_TYPE,
      }),
    );
  }

  listTemplates(): McpResourceTemplate[] {
    return TEMPLATES.map(({ moduleId, uriTemplate, title }) => ({
      uriTemplate,
      name: moduleId,
      title,
      mimeType: JSON_TYPE,
    }));
  }

  serves(uri: string, visibleTools: ToolSource): boolean {
    const parsed = parseUri(uri);
    return parsed !== undefined && visibleTools.getByModuleId(parsed.moduleId) !== undefined;
  }

  async read(uri: string, read: ResourceRead): Promise<McpReadResourceResult | undefined> {
    const parsed = parseUri(uri);
    if (parsed === undefined) return undefined;
    const served = read.visibleTools.getByModuleId(parsed.moduleId);
    const router = this.#router();
    if (served === undefined || router === undefined) return undefined;
    const extra = toReadExtra(read.ctx);
    this.#markRead(extra);
    const result = await router.handleCall(served.tool.name, parsed.arguments, extra);
    if (result.isError === true) {
      const code = readErrorCode(result);
      const first = result.content[0];
      const message = first?.type === 'text' ? first.text : 'Read failed';
      throw new ProtocolError(
        code === 'MODULE_NOT_FOUND' || code?.includes('INPUT') || code?.includes('SCHEMA')
          ? ProtocolErrorCode.InvalidParams
          : ProtocolErrorCode.InternalError,
        message,
        code === undefined ? undefined : { code },
      );
    }
    // The module's answer is its JSON text (structured too when it declares an output schema).
    const first = result.content[0];
    const text =
      result.structuredContent === undefined && first?.type === 'text'
        ? first.text
        : JSON.stringify(result.structuredContent ?? {});
    return { contents: [{ uri, mimeType: JSON_TYPE, text }] };
  }
}

/** The module and arguments of an `apcore://system.*` URI; none: not one of ours. */
export function parseUri(uri: string): ParsedUri | undefined {
  if (!uri.startsWith(`${SCHEME}system.`) || !URL.canParse(uri)) return undefined;
  const url = new URL(uri);
  const period = url.searchParams.get('period');
  const args: Record<string, unknown> = period === null ? {} : { period };
  const path = uri.slice(SCHEME.length).split('?')[0] ?? '';
  const [moduleId, rawModule, ...rest] = path.split('/');
  if (moduleId === undefined || rest.length > 0) return undefined;
  const fixed = RESOURCES.some((resource) => resource.moduleId === moduleId);
  if (fixed) {
    if (rawModule !== undefined) return undefined;
    // Only the usage summary takes a period; the others take none.
    return moduleId === 'system.usage.summary' || period === null
      ? { moduleId, arguments: args }
      : undefined;
  }
  const template = TEMPLATES.find((entry) => entry.moduleId === moduleId);
  if (template === undefined || rawModule === undefined || rawModule === '') return undefined;
  if (period !== null && moduleId !== 'system.usage.module') return undefined;
  const named = decodeModuleId(rawModule);
  return named === undefined ? undefined : { moduleId, arguments: { ...args, module_id: named } };
}

function decodeModuleId(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function toReadExtra(ctx: ServerContext): RouterCallExtra & { inputRound?: undefined } {
  const extra: RouterCallExtra & { inputRound?: undefined } = {
    requestId: ctx.mcpReq.id,
    signal: ctx.mcpReq.signal,
  };
  const authInfo = ctx.http?.authInfo;
  if (authInfo !== undefined) extra.authInfo = authInfo;
  return extra;
}
