// Any new export added here becomes public API: named exports only, no wildcards.
export { aggregateAnnotations } from './aggregate-annotations.js';
export { hasRequiresApproval } from './has-requires-approval.js';
export {
  ANNOTATION_DEFAULTS,
  type AnnotationFlag,
  type AnnotationsInput,
  normalizeAnnotations,
} from './normalize-annotations.js';
export { toDescriptionSuffix } from './to-description-suffix.js';
export { type ToMcpAnnotationsOptions, toMcpAnnotations } from './to-mcp-annotations.js';
export {
  ANNOTATION_META_PREFIX,
  type AnnotationToolMeta,
  REQUIRES_APPROVAL_META_KEY,
  STREAMING_META_KEY,
  toToolMeta,
} from './to-tool-meta.js';
export type { ToolAnnotations } from './tool-annotations.js';
