import type { JsonSchema } from '@apcore-mcp/core';

/**
 * A type of the Gemini API's OpenAPI-subset `Schema`, spelled as the API's `Type` enum (the
 * `@google/genai` `Type` enum has these very values).
 *
 * @example
 * ```ts
 * const type: GeminiType = 'STRING';
 * ```
 */
export type GeminiType = 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT' | 'NULL';

/**
 * The Gemini API's `Schema` (a select subset of the OpenAPI 3.0 schema object), as the
 * `parameters` field of a function declaration takes it. The int64 fields (`minItems`,
 * `maxLength`, ...) are decimal strings, as in the API's JSON and the SDK's types.
 *
 * @example
 * ```ts
 * const schema: GeminiSchema = { type: 'OBJECT', properties: { sku: { type: 'STRING' } }, required: ['sku'] };
 * ```
 */
export interface GeminiSchema {
  type?: GeminiType;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  /** Always strings: a number enum is sent as strings with `format: 'enum'`. */
  enum?: string[];
  default?: unknown;
  example?: unknown;
  items?: GeminiSchema;
  minItems?: string;
  maxItems?: string;
  minLength?: string;
  maxLength?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minProperties?: string;
  maxProperties?: string;
  propertyOrdering?: string[];
  anyOf?: GeminiSchema[];
}

/**
 * A function declaration whose parameters are JSON Schema (`parametersJsonSchema`), the
 * default: what goes in `config.tools: [{ functionDeclarations }]`.
 *
 * @example
 * ```ts
 * const declaration: GeminiJsonSchemaFunctionDeclaration = { name: 'image-resize',
 *   description: 'Resize an image', parametersJsonSchema: { type: 'object', properties: {} } };
 * ```
 */
export interface GeminiJsonSchemaFunctionDeclaration {
  /** The MCP server's tool name (`image.resize` -> `image-resize`). */
  name: string;
  description: string;
  /** The module's input schema, rewritten and checked for the JSON Schema subset Gemini reads. */
  parametersJsonSchema: JsonSchema;
}

/**
 * A function declaration whose parameters are the OpenAPI-subset `Schema` (`parameters`).
 *
 * @example
 * ```ts
 * const declaration: GeminiOpenApiFunctionDeclaration = { name: 'image-resize',
 *   description: 'Resize an image', parameters: { type: 'OBJECT', properties: {} } };
 * ```
 */
export interface GeminiOpenApiFunctionDeclaration {
  name: string;
  description: string;
  parameters: GeminiSchema;
}

/**
 * Where a declaration's parameters go: `parametersJsonSchema` (JSON Schema, the default) or
 * `parameters` (the OpenAPI subset).
 */
export type GeminiSchemaField = 'parametersJsonSchema' | 'parameters';

/**
 * A function declaration of either schema field.
 *
 * @example
 * ```ts
 * const declarations: GeminiFunctionDeclaration[] = toGeminiTools(registry);
 * ```
 */
export type GeminiFunctionDeclaration =
  | GeminiJsonSchemaFunctionDeclaration
  | GeminiOpenApiFunctionDeclaration;

/** The declaration type a schema field gives. */
export type GeminiFunctionDeclarationFor<F extends GeminiSchemaField> = F extends 'parameters'
  ? GeminiOpenApiFunctionDeclaration
  : GeminiJsonSchemaFunctionDeclaration;

/**
 * One entry of a request's `tools`: a set of function declarations.
 *
 * @example
 * ```ts
 * const tool: GeminiTool = { functionDeclarations: toGeminiTools(registry) };
 * ```
 */
export interface GeminiTool<D extends GeminiFunctionDeclaration = GeminiFunctionDeclaration> {
  functionDeclarations: D[];
}

/**
 * A `functionCall` the model predicted: the function's name, its arguments as an object, and
 * (when the API gives one) the id to answer with.
 *
 * @example
 * ```ts
 * const call: GeminiFunctionCall = { id: 'fc_1', name: 'image-resize', args: { width: 100 } };
 * ```
 */
export interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
}

/**
 * A part of a model's content; only `functionCall` parts are read, the others (text, thoughts)
 * are passed over.
 *
 * @example
 * ```ts
 * const part: GeminiPart = { functionCall: { name: 'image-resize', args: { width: 100 } } };
 * ```
 */
export interface GeminiPart {
  functionCall?: GeminiFunctionCall;
  text?: string;
}

/**
 * A `Content`: a role and its parts.
 *
 * @example
 * ```ts
 * const content: GeminiContent = { role: 'model', parts: [{ functionCall: { name: 'math-add', args: {} } }] };
 * ```
 */
export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
}

/**
 * The part of a `generateContent` response the dispatch reads: the first candidate's content.
 *
 * @example
 * ```ts
 * const response: GeminiGenerateContentResponse = { candidates: [{ content }] };
 * ```
 */
export interface GeminiGenerateContentResponse {
  candidates?: Array<{ content?: GeminiContent }>;
}

/** Image bytes sent back inside a function response (multimodal function responses). */
export interface GeminiFunctionResponseBlob {
  mimeType: string;
  /** Base64. */
  data: string;
  /** The name the response's `{ "$ref": ... }` points at. */
  displayName: string;
}

/**
 * The answer to one function call: `response.output` on success, `response.error` on failure
 * (the keys the API documents), images as `parts` when multimodal responses are on.
 *
 * @example
 * ```ts
 * const part: GeminiFunctionResponsePart = {
 *   functionResponse: { id: 'fc_1', name: 'math-add', response: { output: { sum: 3 } } },
 * };
 * ```
 */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: { output: unknown } | { error: string };
    parts?: Array<{ inlineData: GeminiFunctionResponseBlob }>;
  };
}

/**
 * The `Content` that carries function responses back to the model in the next request.
 *
 * @example
 * ```ts
 * const content: GeminiFunctionResponseContent = { role: 'user', parts };
 * ```
 */
export interface GeminiFunctionResponseContent {
  role: 'user';
  parts: GeminiFunctionResponsePart[];
}
