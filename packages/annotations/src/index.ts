// Any new export added here becomes public API: named exports only, no wildcards.
export { aggregateAnnotations } from './aggregate-annotations.js';
export {
  type ActionMeta,
  type ComposeGroupedToolOptions,
  composeGroupedTool,
  type GroupedToolParts,
} from './grouping/compose-grouped-tool.js';
export {
  type ActionRow,
  type DescribeGroupOptions,
  describeGroup,
  type EncodeActionTable,
} from './grouping/describe-group.js';
export { type GroupAction, propertiesOf, requiredFieldsOf } from './grouping/group-action.js';
export { type GroupAnnotations, resolveGroupAnnotations } from './grouping/group-annotations.js';
export {
  DEFAULT_MAX_TOOLS,
  GROUPING_MODES,
  type GroupingMode,
  type GroupingOption,
  parseGroupingOption,
  parseMaxTools,
} from './grouping/grouping-option.js';
export { ACTION_FIELD, mergeActionSchemas } from './grouping/merge-action-schemas.js';
export {
  type GroupMember,
  type PlanToolGroupsOptions,
  planToolGroups,
  type ToolPlan,
} from './grouping/plan-tool-groups.js';
export { fieldTier } from './grouping/tag-field-description.js';
export { hasRequiresApproval } from './has-requires-approval.js';
export {
  ANNOTATION_DEFAULTS,
  type AnnotationFlag,
  type AnnotationsInput,
  normalizeAnnotations,
} from './normalize-annotations.js';
export { toDescriptionSuffix } from './to-description-suffix.js';
export { toExtraDescription } from './to-extra-description.js';
export { type ToMcpAnnotationsOptions, toMcpAnnotations } from './to-mcp-annotations.js';
export {
  ANNOTATION_META_PREFIX,
  type AnnotationToolMeta,
  REQUIRES_APPROVAL_META_KEY,
  STREAMING_META_KEY,
  toToolMeta,
} from './to-tool-meta.js';
export type { ToolAnnotations } from './tool-annotations.js';
