import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernStreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** The header the tests' `authenticate` reads the subject from. */
export const SUBJECT_HEADER = 'x-test-subject';

/** The headers of a request made as `subject`. */
export const as = (subject: string): Record<string, string> => ({ [SUBJECT_HEADER]: subject });

/**
 * An `authenticate` option for tests: the caller is whoever {@link SUBJECT_HEADER} names, and a
 * request without it is unauthenticated.
 *
 * @example
 * ```ts
 * await startServer(registry, { transport: 'streamable-http', port: 0, authenticate: authenticateBySubjectHeader });
 * ```
 */
export function authenticateBySubjectHeader(request: {
  headers: Record<string, string | string[] | undefined>;
}): { id: string } | null {
  const subject = request.headers[SUBJECT_HEADER];
  return typeof subject === 'string' ? { id: subject } : null;
}

/** A tool result as both SDKs hand it over, `_meta` included. */
export interface SubjectCallResult {
  content: Array<{ type: string; text?: string }>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** A client of one era calling as one subject (sent in {@link SUBJECT_HEADER}). */
export interface SubjectClient {
  call(name: string, args?: Record<string, unknown>): Promise<SubjectCallResult>;
  /** The names of the tools listed. */
  listTools(): Promise<string[]>;
  close(): Promise<void>;
}

/** The protocol revisions the server speaks; each test runs with a client of each. */
export const ERAS = ['2025-11-25', '2026-07-28'] as const;

/** Connects a real SDK client of `era` over Streamable HTTP, as `subject`. */
export async function connectAs(
  url: string,
  subject: string,
  era: (typeof ERAS)[number],
): Promise<SubjectClient> {
  const requestInit = { headers: { [SUBJECT_HEADER]: subject } };
  if (era === '2025-11-25') {
    const client = new Client({ name: 'limits-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit }));
    return {
      call: async (name, args = {}) =>
        (await client.callTool({ name, arguments: args })) as SubjectCallResult,
      listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
      close: () => client.close(),
    };
  }
  const client = new ModernClient(
    { name: 'limits-modern-client', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernStreamableHTTPClientTransport(new URL(url), { requestInit }));
  return {
    call: async (name, args = {}) =>
      (await client.callTool({ name, arguments: args })) as SubjectCallResult,
    listTools: async () =>
      (await client.listTools(undefined, { cacheMode: 'refresh' })).tools.map((tool) => tool.name),
    close: () => client.close(),
  };
}
