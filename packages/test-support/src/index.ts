// Any new export added here is used by the packages' tests: named exports only, no wildcards.
export { type BearerAnswer, initializeWithToken } from './bearer-answer.js';
export { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumSkipReason } from './chromium-browser.js';
export { deepFreeze } from './deep-freeze.js';
export { describeNoRuntimeDependencies } from './describe-no-runtime-dependencies.js';
export { describePackageBoundary } from './describe-package-boundary.js';
export {
  type ContractEventLog,
  type ContractLoggedEvent,
  describeEventLogContract,
} from './event-backend-contract.js';
export {
  type EventStreamReader,
  openEventStream,
  type StreamMessage,
} from './event-stream-reader.js';
export { fetchResolvingTo } from './fetch-resolving.js';
export { firstText } from './first-text.js';
export { findFreePort } from './free-port.js';
export {
  haproxySkipReason,
  startHaproxyServer,
  type TestHaproxyServer,
} from './haproxy-server.js';
export { type ManyModuleSpec, manyModuleSpecs } from './many-modules.js';
export { initializeRequest } from './mcp-messages.js';
export {
  type ModernRequestOptions,
  parseRpcAnswer,
  postModernRequest,
  type RpcAnswer,
  sendModernRequest,
  TASKS_EXTENSION,
} from './modern-request.js';
export {
  type NginxAccessEntry,
  nginxSkipReason,
  startNginxServer,
  type TestNginxServer,
} from './nginx-server.js';
export type { PackageBoundary, SourceFile } from './package-boundary.js';
export {
  findBoundaryViolations,
  readPublishedSources,
  runtimeSpecifiers,
} from './package-boundary.js';
export {
  type PrismRequest,
  type PrismViolation,
  type StartPrismOptions,
  startPrism,
  type TestPrismServer,
} from './prism-server.js';
export {
  createRecordingLogger,
  type LogEntry,
  type LogLevel,
  type RecordingLogger,
} from './recording-logger.js';
export { redisSkipReason, startRedisServer, type TestRedisServer } from './redis-server.js';
export { createSelfSignedCert, fetchTrusting, type SelfSignedCert } from './self-signed-cert.js';
export {
  createTestSigner,
  type SignOptions,
  signWithSecret,
  type TestAlgorithm,
  type TestSigner,
} from './test-tokens.js';
export {
  killProcessGroup,
  PID_DIR_VARIABLE,
  spawnTracked,
  stopTracked,
} from './tracked-processes.js';
export {
  type ReceivedPost,
  startWebhookReceiver,
  type WebhookReceiver,
} from './webhook-receiver.js';
export {
  type ContractDeliveryOutcome,
  type ContractWebhookStore,
  type ContractWebhookSubscription,
  describeWebhookStoreContract,
} from './webhook-store-contract.js';
