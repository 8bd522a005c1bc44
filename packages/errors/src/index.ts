// Any new export added here becomes public API: named exports only, no wildcards.
export {
  AI_GUIDANCE_META_KEYS,
  type AiGuidance,
  guidanceForCode,
  guidanceOf,
} from './ai-guidance.js';
export { ErrorMapper, type ErrorMapperOptions } from './error-mapper.js';
export { formatValidationErrors } from './format-validation-errors.js';
export { isModuleErrorLike } from './is-module-error-like.js';
export {
  createToolErrorResult,
  ERROR_CODE_META_KEY,
  INTERNAL_ERROR_CODE,
  INTERNAL_ERROR_MESSAGE,
  type TextContent,
  type ToolErrorResult,
  withAiGuidance,
} from './tool-error-result.js';
