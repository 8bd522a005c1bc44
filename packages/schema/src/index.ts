// Any new export added here becomes public API: named exports only, no wildcards.
export { allowRedactedValues } from './allow-redacted-values.js';
export { ensureObjectType } from './ensure-object-type.js';
export {
  DEFAULT_MAX_REF_DEPTH,
  DEFAULT_MAX_SCHEMA_NODES,
  type InlineRefsOptions,
  inlineRefs,
} from './inline-refs.js';
export {
  SchemaConversionError,
  type SchemaConversionErrorDetails,
  type SchemaConversionErrorOptions,
  type SchemaConversionReason,
} from './schema-conversion-error.js';
export {
  SchemaConverter,
  type SchemaConverterOptions,
} from './schema-converter.js';
