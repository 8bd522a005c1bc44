import {
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
  type StandardSchemaV1,
} from '@modelcontextprotocol/server';
import {
  RESOURCES_DIRECTORY_READ_METHOD,
  SKILLS_EXTENSION_ID,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
} from '@modelcontextprotocol/server/ext/skills';
import type { ToolSource } from '../../kernel/served-tool.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../../requests/register-request-handler.js';
import type { RequestPipeline } from '../../requests/request-pipeline.js';
import { revisionOfRequest } from '../../revisions/pick-revision.js';
import type { ServedSkills } from './served-skills.js';

export { SKILLS_EXTENSION_ID };

/**
 * What the skills extension's handlers read: the skills, and what each request's caller may
 * see of the tools (a skill whose tools it may not all call is hidden from it).
 *
 * @example
 * ```ts
 * registerSkillHandlers(server, { skills, visibleTools });
 * ```
 */
export interface SkillHandlerOptions {
  skills: ServedSkills;
  visibleTools: (ctx: ServerContext) => ToolSource;
  /** The request pipeline the handlers run through; none: registered as they are. */
  requests?: RequestPipeline | undefined;
}

type UriParams = { uri: string; cursor?: string };

/** Params with an optional `cursor` string and, when `withUri`, a `uri` string. */
function paramsSchema<P>(withUri: boolean): StandardSchemaV1<P> {
  return {
    '~standard': {
      version: 1,
      vendor: 'apcore-mcp',
      validate: (value) => {
        const params = (value ?? {}) as Partial<Record<keyof UriParams, unknown>>;
        if (withUri && typeof params.uri !== 'string') {
          return { issues: [{ message: 'uri must be a string' }] };
        }
        if (params.cursor !== undefined && typeof params.cursor !== 'string') {
          return { issues: [{ message: 'cursor must be a string' }] };
        }
        return { value: params as P };
      },
    },
  };
}

/**
 * Registers `skills/list` (paginated), `skills/get` and `resources/directory/read` (paginated)
 * on `server`. A URI that names no skill the caller may see, or no directory of one, is -32602.
 *
 * @example
 * ```ts
 * registerSkillHandlers(server, { skills, visibleTools: () => tools });
 * ```
 */
export function registerSkillHandlers(
  target: RequestHandlerTarget,
  options: SkillHandlerOptions,
): void {
  const { skills, visibleTools, requests } = options;
  // Skills follow the caller: where results carry cache attributes, they stay private.
  const cache = (ctx: ServerContext) => revisionOfRequest(ctx).privateResultHints;
  registerRequestHandler(
    target,
    requests,
    SKILLS_LIST_METHOD,
    { params: paramsSchema<{ cursor?: string }>(false) },
    (params, ctx) => {
      const page = skills.list(visibleTools(ctx), params.cursor);
      return {
        ...cache(ctx),
        skills: page.items,
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
      };
    },
  );
  registerRequestHandler(
    target,
    requests,
    SKILLS_GET_METHOD,
    { params: paramsSchema<{ uri: string }>(true) },
    (params, ctx) => {
      const skill = skills.get(params.uri, visibleTools(ctx));
      if (skill === undefined) throw invalidUri(`No skill is served at ${params.uri}`, params.uri);
      return { ...cache(ctx), skill };
    },
  );
  registerRequestHandler(
    target,
    requests,
    RESOURCES_DIRECTORY_READ_METHOD,
    { params: paramsSchema<UriParams>(true) },
    (params, ctx) => {
      const page = skills.readDirectory(params.uri, params.cursor, visibleTools(ctx));
      if (page === undefined) throw invalidUri(`Not a served directory: ${params.uri}`, params.uri);
      return {
        ...cache(ctx),
        resources: page.items,
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
      };
    },
  );
}

function invalidUri(message: string, uri: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message, { uri });
}
