import type { ChildProcess } from 'node:child_process';
import { spawnTracked, stopTracked } from '@apcore-mcp/test-support';
import type { CalledToolResult, ClientEra } from '@apcore-mcp/test-support/clients';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport as LegacyStdioPipes } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { StdioServerTransport as ModernStdioPipes } from '@modelcontextprotocol/server/stdio';
import { fixturePath, SERVER_ROOT } from './fixture-path.js';

/** Which of the three asking capabilities a test client declares. */
export interface Declared {
  elicitation?: boolean;
  sampling?: boolean;
  roots?: boolean;
}

/** Where the client connects: a URL, or the asking fixture spawned over stdio. */
export type AskingTarget = { transport: 'http'; url: string } | { transport: 'stdio' };

/** A connected client that answers what it declared, and remembers what it was asked. */
export interface AskingClient {
  /** Every request the client answered, as `method` or `method: message`. */
  readonly asked: string[];
  callTool(name: string): Promise<CalledToolResult>;
  close(): Promise<void>;
}

/** The user's answers to the forms the asking modules show. */
const FORM_ANSWERS: Record<string, Record<string, string>> = {
  'What is your name?': { name: 'Ada' },
  'Which folder?': { folder: 'docs' },
  'Which file?': { file: 'a.txt' },
};

export const CLIENT_ROOTS = [{ uri: 'file:///work/project', name: 'project' }];

function answerForm(message: string) {
  return { action: 'accept' as const, content: FORM_ANSWERS[message] ?? {} };
}

function answerSampling(params: { messages: { content: unknown }[] }) {
  const content = params.messages.at(-1)?.content as { text?: string } | undefined;
  return {
    role: 'assistant' as const,
    content: { type: 'text' as const, text: `echo: ${content?.text ?? ''}` },
    model: 'test-model',
    stopReason: 'endTurn',
  };
}

function capabilitiesOf(declared: Declared) {
  return {
    ...(declared.elicitation ? { elicitation: { form: {} } } : {}),
    ...(declared.sampling ? { sampling: {} } : {}),
    ...(declared.roots ? { roots: {} } : {}),
  };
}

/**
 * Connects a real SDK client of `era` (1.x for 2025-11-25, 2.x pinned to 2026-07-28) that
 * declares `declared` and answers each request as a user and a model would: forms from
 * {@link FORM_ANSWERS}, sampling by echoing the prompt, roots with {@link CLIENT_ROOTS}.
 */
export async function connectAskingClient(
  era: ClientEra,
  target: AskingTarget,
  declared: Declared = { elicitation: true, sampling: true, roots: true },
): Promise<AskingClient> {
  const asked: string[] = [];
  const child = target.transport === 'stdio' ? spawnAskingServer() : undefined;
  const client =
    era === '2025-11-25'
      ? await connectLegacy(target, child, declared, asked)
      : await connectModern(target, child, declared, asked);
  return {
    asked,
    callTool: client.callTool,
    async close() {
      try {
        await client.close();
      } finally {
        if (child !== undefined) {
          child.stdin?.end();
          await stopTracked(child, { graceMs: 2_000 });
        }
      }
    },
  };
}

function spawnAskingServer(): ChildProcess {
  const child = spawnTracked(process.execPath, [fixturePath('asking-server.mjs')], {
    cwd: SERVER_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin?.on('error', () => {});
  return child;
}

type Connected = Pick<AskingClient, 'callTool' | 'close'>;

async function connectLegacy(
  target: AskingTarget,
  child: ChildProcess | undefined,
  declared: Declared,
  asked: string[],
): Promise<Connected> {
  const client = new LegacyClient(
    { name: 'asking-client', version: '1.0.0' },
    { capabilities: capabilitiesOf(declared) },
  );
  if (declared.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async ({ params }) => {
      asked.push(`elicitation/create: ${params.message}`);
      return answerForm(params.message);
    });
  }
  if (declared.sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, async ({ params }) => {
      asked.push('sampling/createMessage');
      return answerSampling(params);
    });
  }
  if (declared.roots) {
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      asked.push('roots/list');
      return { roots: CLIENT_ROOTS };
    });
  }
  await client.connect(
    child === undefined
      ? new LegacyHttpTransport(new URL((target as { url: string }).url))
      : new LegacyStdioPipes(child.stdout ?? undefined, child.stdin ?? undefined),
  );
  return {
    callTool: async (name) =>
      (await client.callTool({ name, arguments: {} })) as unknown as CalledToolResult,
    close: () => client.close(),
  };
}

async function connectModern(
  target: AskingTarget,
  child: ChildProcess | undefined,
  declared: Declared,
  asked: string[],
): Promise<Connected> {
  const client = new ModernClient(
    { name: 'asking-client', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: capabilitiesOf(declared),
    },
  );
  if (declared.elicitation) {
    client.setRequestHandler('elicitation/create', async ({ params }) => {
      asked.push(`elicitation/create: ${params.message}`);
      return answerForm(params.message);
    });
  }
  if (declared.sampling) {
    client.setRequestHandler('sampling/createMessage', async ({ params }) => {
      asked.push('sampling/createMessage');
      return answerSampling(params);
    });
  }
  if (declared.roots) {
    client.setRequestHandler('roots/list', async () => {
      asked.push('roots/list');
      return { roots: CLIENT_ROOTS };
    });
  }
  await client.connect(
    child === undefined
      ? new StreamableHTTPClientTransport(new URL((target as { url: string }).url))
      : new ModernStdioPipes(child.stdout ?? undefined, child.stdin ?? undefined),
  );
  return {
    callTool: async (name) =>
      (await client.callTool({ name, arguments: {} })) as unknown as CalledToolResult,
    close: () => client.close(),
  };
}
