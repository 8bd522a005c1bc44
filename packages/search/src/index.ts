// Any new export added here becomes public API: named exports only, no wildcards.
export { tokenizeToolText } from './tokenize-tool-text.js';
export {
  createToolIndex,
  type ToolDocument,
  type ToolIndex,
  type ToolIndexQuery,
} from './tool-index.js';
