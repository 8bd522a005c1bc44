import type { CalledToolResult, ListedTool, LogMessage, ProgressUpdate } from './types.js';

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Copies a tool, as either SDK typed it, into the plain {@link ListedTool} shape.
 *
 * @example
 * ```ts
 * const tools = (await client.listTools()).tools.map(toListedTool);
 * ```
 */
export function toListedTool(tool: unknown): ListedTool {
  if (!isPlainObject(tool) || typeof tool.name !== 'string' || !isPlainObject(tool.inputSchema)) {
    throw new TypeError(`not a tool: ${JSON.stringify(tool)}`);
  }
  const listed: ListedTool = { name: tool.name, inputSchema: tool.inputSchema };
  if (typeof tool.description === 'string') listed.description = tool.description;
  if (isPlainObject(tool.outputSchema)) listed.outputSchema = tool.outputSchema;
  if (isPlainObject(tool.annotations)) listed.annotations = tool.annotations;
  if (isPlainObject(tool._meta)) listed._meta = tool._meta;
  return listed;
}

/**
 * Copies a `tools/call` result, as either SDK typed it, into the plain
 * {@link CalledToolResult} shape (`isError` always present).
 *
 * @example
 * ```ts
 * const result = toCalledToolResult(await client.callTool({ name: 'echo', arguments: {} }));
 * ```
 */
export function toCalledToolResult(result: unknown): CalledToolResult {
  if (!isPlainObject(result) || !Array.isArray(result.content)) {
    throw new TypeError(`not a tool result: ${JSON.stringify(result)}`);
  }
  const called: CalledToolResult = {
    content: result.content
      .filter(isPlainObject)
      .map((block) => ({ ...block, type: `${block.type}` })),
    isError: result.isError === true,
  };
  if (isPlainObject(result.structuredContent)) called.structuredContent = result.structuredContent;
  if (isPlainObject(result._meta)) called._meta = result._meta;
  return called;
}

/**
 * Keeps only the documented fields of a progress notification's params.
 *
 * @example
 * ```ts
 * const onprogress = (progress: unknown) => options.onProgress?.(toProgressUpdate(progress));
 * ```
 */
export function toProgressUpdate(progress: {
  progress: number;
  total?: number;
  message?: string;
}): ProgressUpdate {
  const update: ProgressUpdate = { progress: progress.progress };
  if (progress.total !== undefined) update.total = progress.total;
  if (progress.message !== undefined) update.message = progress.message;
  return update;
}

/**
 * Keeps only the documented fields of a `notifications/message`'s params.
 *
 * @example
 * ```ts
 * client.setNotificationHandler('notifications/message', ({ params }) => onLog(toLogMessage(params)));
 * ```
 */
export function toLogMessage(params: {
  level: string;
  logger?: string;
  data?: unknown;
}): LogMessage {
  const message: LogMessage = { level: params.level, data: params.data };
  if (params.logger !== undefined) message.logger = params.logger;
  return message;
}
