// Any new export added here becomes public API: named exports only, no wildcards.
export { UpstreamError, type UpstreamErrorInit } from './calls/upstream-error.js';
export { resolveSpecLocation, type SpecLocationOptions } from './document/spec-location.js';
export { normalizeModuleId } from './modules/module-ids.js';
export { OpenapiError, type OpenapiErrorReason } from './openapi-error.js';
export {
  type OpenapiModule,
  type OpenapiModulesResult,
  type OpenapiOperation,
  openapiModules,
  type SkippedOperation,
} from './openapi-modules.js';
export type { OpenapiOptions, OpenapiSpec } from './options.js';
export { type OpenapiTargetRegistry, registerOpenapi } from './register-openapi.js';
export { describeUnguardedWrites, findUnguardedWrites } from './unguarded-writes.js';
