import type {
  Client,
  LoggingMessageNotification,
  Prompt,
  Resource,
  ResourceTemplateType,
  Tool,
} from '@modelcontextprotocol/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { InspectorPageConfig } from '../../page-config.js';
import { describeError, type Failure } from '../logic/describe-error.js';
import { connectToServer, type ListKind } from '../mcp/connect.js';
import { QuestionQueue } from '../mcp/questions.js';

/** The lists the page shows, as the connected subject sees them. */
export interface ServerLists {
  tools: Tool[];
  resources: Resource[];
  templates: ResourceTemplateType[];
  prompts: Prompt[];
}

/** Where the connection stands, for the header's status line. */
export type ConnectionStatus =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'connected' }
  | { state: 'failed'; failure: Failure };

/** A log message the server sent (`notifications/message`). */
export type LogEntry = LoggingMessageNotification['params'] & { id: number };

const EMPTY_LISTS: ServerLists = { tools: [], resources: [], templates: [], prompts: [] };

/**
 * The server's log messages, handed to whoever listens (the running call's panel).
 *
 * @example
 * ```ts
 * const { emit, onLog } = useServerLog();
 * ```
 */
export function useServerLog() {
  const listeners = useRef(new Set<(entry: LogEntry) => void>());
  const nextId = useRef(0);
  const emit = useCallback((params: LoggingMessageNotification['params']) => {
    nextId.current += 1;
    const entry = { ...params, id: nextId.current };
    for (const listener of listeners.current) listener(entry);
  }, []);
  const onLog = useCallback((listener: (entry: LogEntry) => void) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);
  return { emit, onLog };
}

/**
 * The page's connection to its server: connect (again) with a token, the lists (refreshed when
 * the server says they changed), the questions waiting for an answer, and the server's logs.
 *
 * @example
 * ```ts
 * const { client, status, lists, connect } = useConnection(config);
 * void connect(token);
 * ```
 */
export function useConnection(config: InspectorPageConfig) {
  const [client, setClient] = useState<Client | undefined>(undefined);
  const [status, setStatus] = useState<ConnectionStatus>({ state: 'idle' });
  const [lists, setLists] = useState<ServerLists>(EMPTY_LISTS);
  const questions = useMemo(() => new QuestionQueue(), []);
  const { emit, onLog } = useServerLog();
  const current = useRef<Client | undefined>(undefined);

  const refresh = useCallback(async (target: Client, kinds: readonly ListKind[]) => {
    const updates = await Promise.all(kinds.map((kind) => fetchList(target, kind)));
    if (current.current !== target) return;
    setLists((previous) => Object.assign({ ...previous }, ...updates));
  }, []);

  const connect = useCallback(
    async (token: string | undefined) => {
      const previous = current.current;
      current.current = undefined;
      questions.cancelAll();
      setClient(undefined);
      setLists(EMPTY_LISTS);
      setStatus({ state: 'connecting' });
      await previous?.close().catch(() => undefined);
      try {
        const connected = await connectToServer({
          config,
          token,
          questions,
          onListChanged: (kind) => void refresh(connected, [kind]).catch(() => undefined),
          onLog: emit,
        });
        current.current = connected;
        await refresh(connected, ['tools', 'resources', 'prompts']);
        setClient(connected);
        setStatus({ state: 'connected' });
      } catch (error) {
        setStatus({ state: 'failed', failure: describeError(error) });
      }
    },
    [config, questions, refresh, emit],
  );

  useEffect(() => () => void current.current?.close().catch(() => undefined), []);

  return { client, status, lists, questions, connect, onLog };
}

async function fetchList(client: Client, kind: ListKind): Promise<Partial<ServerLists>> {
  const capabilities = client.getServerCapabilities() ?? {};
  if (kind === 'tools') {
    return capabilities.tools === undefined
      ? { tools: [] }
      : { tools: (await client.listTools()).tools };
  }
  if (kind === 'prompts') {
    return capabilities.prompts === undefined
      ? { prompts: [] }
      : { prompts: (await client.listPrompts()).prompts };
  }
  if (capabilities.resources === undefined) return { resources: [], templates: [] };
  const [resources, templates] = await Promise.all([
    client.listResources(),
    client.listResourceTemplates(),
  ]);
  return { resources: resources.resources, templates: templates.resourceTemplates };
}
