/**
 * Which strict-mode rule a schema breaks:
 * - `invalid-schema`: a node that is not a schema object (e.g. a boolean schema);
 * - `root-not-object`: the root is not `type: "object"` (or is an `anyOf`);
 * - `missing-type`: a node with no `type`, `enum`, `const` or `anyOf`;
 * - `unsupported-type`: a type outside string, number, integer, boolean, object, array, null;
 * - `unsupported-keyword`: a keyword strict mode rejects (`allOf`, `not`, `if`, `minLength`, ...)
 *   or one not valid for the node's type;
 * - `unsupported-format`: a string `format` outside the rule set's list;
 * - `additional-properties`: an object without `additionalProperties: false`;
 * - `not-required`: a property missing from its object's `required`;
 * - `too-many-properties`, `too-deep`, `too-many-characters`, `too-many-enum-values`,
 *   `string-enum-too-long`: the rule set's size limits;
 * - `invalid-name`: a tool name outside the rule set's `namePattern`.
 */
export type StrictRule =
  | 'invalid-schema'
  | 'root-not-object'
  | 'missing-type'
  | 'unsupported-type'
  | 'unsupported-keyword'
  | 'unsupported-format'
  | 'additional-properties'
  | 'not-required'
  | 'too-many-properties'
  | 'too-deep'
  | 'too-many-characters'
  | 'too-many-enum-values'
  | 'string-enum-too-long'
  | 'invalid-name';

/**
 * One way a schema breaks a provider's strict mode, located by a JSON pointer into the schema.
 *
 * @example
 * ```ts
 * const violation: StrictViolation = {
 *   moduleId: 'crm.contact',
 *   path: '/properties/address/properties/zip',
 *   rule: 'unsupported-keyword',
 *   message: 'Module "crm.contact", /properties/address/properties/zip: "minLength" is not supported in strict mode',
 * };
 * ```
 */
export interface StrictViolation {
  /** The module the schema belongs to, when known. */
  moduleId?: string;
  /** JSON pointer of the offending node (`""` for the root). */
  path: string;
  rule: StrictRule;
  /** A sentence naming the module, the path and the problem. */
  message: string;
}
