import type { JsonSchema } from '@apcore-mcp/core';
import type { AnnotationsInput } from '../normalize-annotations.js';

/**
 * One module as an action of a grouped tool, with what the grouping functions read of it.
 *
 * @example
 * ```ts
 * const action: GroupAction = {
 *   action: 'cancel_order',
 *   moduleId: 'orders.cancel_order',
 *   description: 'Cancel an order.',
 *   inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
 *   annotations: { destructive: true },
 * };
 * ```
 */
export interface GroupAction {
  /** The value of the `action` field that selects this module. */
  readonly action: string;
  readonly moduleId: string;
  readonly description: string;
  /** The module's input schema, already converted (object root, refs inlined). */
  readonly inputSchema: JsonSchema;
  readonly annotations?: AnnotationsInput;
}

/**
 * The field names an object schema requires, in its order (only names it also declares are
 * counted, so a stray `required` entry never shows up as a workflow step).
 *
 * @example
 * ```ts
 * requiredFieldsOf({ type: 'object', properties: { id: {} }, required: ['id'] }); // ['id']
 * ```
 */
export function requiredFieldsOf(schema: JsonSchema): string[] {
  const { required } = schema;
  if (!Array.isArray(required)) return [];
  const properties = propertiesOf(schema);
  return required.filter(
    (name): name is string => typeof name === 'string' && Object.hasOwn(properties, name),
  );
}

/**
 * The `properties` of an object schema (empty when it has none).
 *
 * @example
 * ```ts
 * Object.keys(propertiesOf({ type: 'object', properties: { id: {} } })); // ['id']
 * ```
 */
export function propertiesOf(schema: JsonSchema): Readonly<Record<string, JsonSchema>> {
  const { properties } = schema;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return {};
  return properties as Record<string, JsonSchema>;
}
