import type * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { type ServeOptions, type ServerHandle, startServer } from '../../src/index.js';
import { SUBJECT_HEADER } from './subject-clients.js';

// The request header naming the caller of a startManaged server.
export { SUBJECT_HEADER };
export const SUBJECTS: Record<string, core.Identity> = {
  ann: { id: 'ann', type: 'user', roles: ['admin'] },
  bob: { id: 'bob', type: 'user', roles: ['staff'] },
};

/** Control tools only for admins; every other module for everyone. */
const ACL_RULES = [
  {
    callers: ['*'],
    targets: ['system.control.*'],
    effect: 'allow' as const,
    conditions: { roles: ['admin'] },
  },
  { callers: ['*'], targets: ['system.control.*'], effect: 'deny' as const },
  { callers: ['*'], targets: ['*'], effect: 'allow' as const },
];

/** A server over Streamable HTTP on a free port, tools named by module id, behind {@link ACL_RULES}. */
export async function startManaged(
  registry: runtime.Registry,
  options: Partial<ServeOptions>,
): Promise<ServerHandle> {
  const acl = runtime.ACL.fromObject({ rules: ACL_RULES });
  return startServer(new runtime.Executor(registry, { acl }), {
    transport: 'streamable-http',
    port: 0,
    toolNames: 'module-id',
    authenticate: (request) => SUBJECTS[String(request.headers[SUBJECT_HEADER])] ?? null,
    ...options,
  });
}
