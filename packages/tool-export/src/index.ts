// Any new export added here becomes public API: named exports only, no wildcards.

export {
  assertExecutor,
  describeDispatchFailure,
  dispatchCalls,
} from './dispatch/dispatch-calls.js';
export type {
  DispatchInput,
  DispatchOptions,
  DispatchOutcome,
} from './dispatch/dispatch-types.js';
export { describeOutputPart, type OutputPart, toOutputParts } from './dispatch/output-parts.js';
export {
  type ExportedTool,
  type ToExportedGroupedToolOptions,
  type ToExportedToolOptions,
  type ToolDescriptor,
  toExportedGroupedTool,
  toExportedTool,
} from './exported-tool.js';
export { InvalidArgumentError } from './invalid-argument-error.js';
export type { ExportToolsOptions } from './listing/export-options.js';
export { type ExportedTools, exportTools, type ToolBuilder } from './listing/export-tools.js';
export { resolveRegistry } from './listing/resolve-registry.js';
export type { SkippedModule } from './listing/skipped-modules.js';
export { type GroupedCallRoute, routeGroupedCall, type ToolGroups } from './route-grouped-call.js';
export {
  assertStrictSchema,
  type CheckStrictSchemaOptions,
  checkStrictSchema,
} from './strict/check-strict-schema.js';
export { makeNullable } from './strict/make-nullable.js';
export { StrictModeError, type StrictModeErrorDetails } from './strict/strict-mode-error.js';
export {
  ANNOTATION_KEYWORDS,
  JSON_SCHEMA_TYPES,
  type StrictLimits,
  type StrictRuleSet,
} from './strict/strict-rule-set.js';
export type { StrictRule, StrictViolation } from './strict/strict-violation.js';
export { type ToStrictSchemaOptions, toStrictSchema } from './strict/to-strict-schema.js';
export { ToolNames, toExportedToolName } from './tool-names.js';
