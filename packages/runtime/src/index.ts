// Any new export added here becomes public API: named exports only, no wildcards.
export type { ACLApproval, ACLConfig, ACLConfigOptions, ACLEffect, ACLRule } from './acl.js';
export { ACL, EXTERNAL_CALLER } from './acl.js';
export type { ACLConditions } from './acl-conditions.js';
export type { ContextCreateOptions, ContextState } from './context.js';
export { Context } from './context.js';
export type {
  DiscoveredDefinition,
  DiscoveryFailure,
  DiscoveryReport,
} from './discovery-report.js';
export { skipFile } from './discovery-report.js';
export { Executor } from './executor.js';
export type {
  AccessControl,
  ExecutorOptions,
  ModuleSource,
  ValidationResult,
} from './executor-options.js';
export { isModuleFileName, MODULE_FILE_EXTENSIONS } from './find-module-files.js';
export type { ExtensionFileExport, LoadModuleFileOptions } from './load-module-file.js';
export { loadExtensionFile, loadModuleFile } from './load-module-file.js';
export { matchPattern } from './match-pattern.js';
export { mergeChunks } from './merge-chunks.js';
export type { Middleware } from './middleware.js';
export type {
  BuildMiddlewaresOptions,
  MiddlewareConfigEntry,
} from './middlewares/build-middlewares.js';
export { buildMiddlewares } from './middlewares/build-middlewares.js';
export type {
  ErrorHistoryConfig,
  ErrorHistoryEntry,
} from './middlewares/error-history-middleware.js';
export { ErrorHistoryMiddleware } from './middlewares/error-history-middleware.js';
export type { LoggingConfig } from './middlewares/logging-middleware.js';
export { LoggingMiddleware } from './middlewares/logging-middleware.js';
export type { RetryStrategy } from './middlewares/retry-delay.js';
export type { RetryConfig } from './middlewares/retry-middleware.js';
export { RetryMiddleware } from './middlewares/retry-middleware.js';
export { RetrySignal } from './middlewares/retry-signal.js';
export type { DeferredLoadReport } from './module-cache/deferred-modules.js';
export type { RegisterOptions, RegistryOptions } from './registry.js';
export { Registry } from './registry.js';
export type { SchemaProblem } from './schema-problems.js';
export { findSchemaProblems } from './schema-problems.js';
export type { SchemaCheck } from './schema-validator.js';
export { compileSchema } from './schema-validator.js';
