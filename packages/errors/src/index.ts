// Any new export added here becomes public API: named exports only, no wildcards.
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
} from './tool-error-result.js';
