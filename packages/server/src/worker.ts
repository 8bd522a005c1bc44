// `@apcore-mcp/server/worker`: running task attempts with no MCP endpoint, for processes that
// work for servers sharing their tasks (`apcore-mcp worker`). Named exports only.

export {
  runTaskWorker,
  type TaskWorkerHandle,
  type TaskWorkerOptions,
} from './lifecycle/run-task-worker.js';
