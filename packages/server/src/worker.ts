// `@apcore-mcp/server/worker`: running task attempts and webhook deliveries with no MCP
// endpoint, for processes that work for servers sharing their tasks and events
// (`apcore-mcp worker`). Named exports only.

export {
  type EventDeliveryWorkerOptions,
  runEventDeliveryWorker,
} from './lifecycle/run-event-delivery-worker.js';
export {
  runTaskWorker,
  type TaskWorkerHandle,
  type TaskWorkerOptions,
} from './lifecycle/run-task-worker.js';
