// Any new export added here is used by the packages' end-to-end tests: named exports only.
export { connectClient } from './connect-client.js';
export type {
  CompleteRequest,
  DefinitionRequests,
  PlainJson,
  ResourceSubscription,
} from './definition-requests.js';
export type { ChangedList, ListChangeSubscription } from './list-changes.js';
export { type StdioServerProcess, startStdioServer } from './stdio-server-process.js';
export type {
  CalledToolResult,
  CallToolOptions,
  ClientEra,
  ConnectClientOptions,
  ConnectionDefaults,
  ElicitationAnswer,
  ElicitationHandler,
  ElicitationRequest,
  ListedTool,
  LogMessage,
  McpClientHandle,
  ProgressUpdate,
  StdioTarget,
  UrlTarget,
} from './types.js';
