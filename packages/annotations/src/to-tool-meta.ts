import { type AnnotationsInput, readFlag } from './normalize-annotations.js';

/** The `_meta` key prefix under which apcore facts travel on an MCP tool. */
export const ANNOTATION_META_PREFIX = 'apcore/';

/** `_meta` key: the module asks for a human's approval before it runs. */
export const REQUIRES_APPROVAL_META_KEY = `${ANNOTATION_META_PREFIX}requiresApproval`;

/** `_meta` key: the module can stream partial results. */
export const STREAMING_META_KEY = `${ANNOTATION_META_PREFIX}streaming`;

/** The apcore facts carried on a tool's `_meta`. */
export interface AnnotationToolMeta {
  'apcore/requiresApproval': boolean;
  'apcore/streaming': boolean;
  [key: string]: unknown;
}

/**
 * The apcore annotation facts MCP has no hint for, as entries for the tool's `_meta`, so clients
 * can see them: `{ 'apcore/requiresApproval': boolean, 'apcore/streaming': boolean }`. Both keys
 * are always present (default `false`).
 *
 * @example
 * ```ts
 * toToolMeta({ requiresApproval: true });
 * // { 'apcore/requiresApproval': true, 'apcore/streaming': false }
 * ```
 */
export function toToolMeta(annotations: AnnotationsInput): AnnotationToolMeta {
  // Keys spelled out rather than computed: V8 then sizes the object exactly, and a tool keeps
  // its `_meta` for as long as it is served.
  return {
    'apcore/requiresApproval': readFlag(annotations, 'requiresApproval'),
    'apcore/streaming': readFlag(annotations, 'streaming'),
  };
}
