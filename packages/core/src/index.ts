// Any new export added here becomes public API: named exports only, no wildcards.
export type {
  ContextFactory,
  ContextRequest,
  ErrorCode,
  ExecutorLike,
  Identity,
  JsonSchema,
  ListOptions,
  ModuleAnnotations,
  ModuleDescriptor,
  ModuleErrorLike,
  ModuleExample,
  RegistryEvent,
  RegistryEventCallback,
  RegistryLike,
  ValidationErrorDetail,
} from './contract.js';
export { DEFAULT_ANNOTATIONS, ErrorCodes } from './contract.js';
