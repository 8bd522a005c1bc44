import { isRecord } from '@apcore-mcp/core/bridge';
import { toJsonSchema, UnconvertibleSchemaError } from './json-schema.js';
import type { InputBinding, ParameterLocation } from './request-plan.js';

/** The parameter locations, in the order their names are claimed. */
const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** Header parameters OpenAPI says to ignore: the request and the configuration set them. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** The style each location has by default (OpenAPI's `style`). */
const DEFAULT_STYLE: Record<ParameterLocation, string> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

/** An operation's input: the merged schema and where each property goes. */
export interface InputPlan {
  schema: Record<string, unknown>;
  bindings: InputBinding[];
  bodyMediaType?: string;
  bodyRequired?: boolean;
}

/** The media type of a JSON body or answer among `content`'s, JSON itself first. */
export function pickJsonMediaType(content: unknown): string | undefined {
  if (!isRecord(content)) return undefined;
  const types = Object.keys(content);
  return (
    types.find((type) => type.toLowerCase() === 'application/json') ??
    types.find((type) => /^application\/([\w.-]+\+)?json(;|$)/i.test(type))
  );
}

/** `name`, or the first of `<location>_<name>`, `<location>_<name>_2`, ... that is free. */
function claimName(name: string, location: string, taken: Set<string>): string {
  let property = taken.has(name) ? `${location}_${name}` : name;
  for (let suffix = 2; taken.has(property); suffix += 1) property = `${location}_${name}_${suffix}`;
  taken.add(property);
  return property;
}

/** Path-item parameters overridden by the operation's own of the same name and location. */
function collectParameters(pathItem: Record<string, unknown>, operation: Record<string, unknown>) {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) {
      if (isRecord(parameter) && typeof parameter.name === 'string') {
        byKey.set(`${String(parameter.in)}:${parameter.name}`, parameter);
      }
    }
  }
  return [...byKey.values()];
}

function parameterSchema(parameter: Record<string, unknown>, version: '3.0' | '3.1') {
  const fromContent = isRecord(parameter.content)
    ? Object.values(parameter.content).find(isRecord)?.schema
    : undefined;
  const schema = toJsonSchema(parameter.schema ?? fromContent ?? { type: 'string' }, version);
  if (typeof parameter.description === 'string' && schema.description === undefined) {
    schema.description = parameter.description;
  }
  if (parameter.example !== undefined && schema.examples === undefined) {
    schema.examples = [parameter.example];
  } else if (isRecord(parameter.examples) && schema.examples === undefined) {
    const values = Object.values(parameter.examples).flatMap((example) =>
      isRecord(example) && example.value !== undefined ? [example.value] : [],
    );
    if (values.length > 0) schema.examples = values;
  }
  if (parameter.deprecated === true) schema.deprecated = true;
  return schema;
}

interface Collected {
  properties: Record<string, unknown>;
  required: string[];
  bindings: InputBinding[];
  taken: Set<string>;
}

/** The path template's parameters the document does not declare, as required strings. */
function undeclaredPathParameters(path: string, declared: Record<string, unknown>[]) {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  return names
    .filter(
      (name) => !declared.some((parameter) => parameter.in === 'path' && parameter.name === name),
    )
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function addParameters(
  parameters: Record<string, unknown>[],
  version: '3.0' | '3.1',
  into: Collected,
) {
  for (const location of LOCATIONS) {
    for (const parameter of parameters.filter((candidate) => candidate.in === location)) {
      const name = String(parameter.name);
      if (location === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) continue;
      const property = claimName(name, location, into.taken);
      into.properties[property] = parameterSchema(parameter, version);
      if (parameter.required === true || location === 'path') into.required.push(property);
      const style = typeof parameter.style === 'string' ? parameter.style : DEFAULT_STYLE[location];
      const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
      into.bindings.push({ property, location, name, style, explode });
    }
  }
}

/** Whether a body schema is a plain object whose properties can sit beside the parameters. */
function isFlatObject(schema: Record<string, unknown>): schema is Record<string, unknown> & {
  properties: Record<string, unknown>;
} {
  const typed = schema.type === 'object' || schema.type === undefined;
  return (
    typed &&
    isRecord(schema.properties) &&
    schema.allOf === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined &&
    (schema.additionalProperties === undefined || schema.additionalProperties === false)
  );
}

function addBody(
  requestBody: unknown,
  version: '3.0' | '3.1',
  into: Collected,
): string | undefined {
  if (!isRecord(requestBody) || !isRecord(requestBody.content)) return undefined;
  const mediaType = pickJsonMediaType(requestBody.content);
  const bodyRequired = requestBody.required === true;
  if (mediaType === undefined) {
    if (!bodyRequired) return undefined;
    const types = Object.keys(requestBody.content).join(', ');
    throw new UnconvertibleSchemaError(
      `its request body is ${types}; only JSON bodies are supported`,
    );
  }
  const mediaTypeObject = requestBody.content[mediaType];
  const schema = toJsonSchema(
    isRecord(mediaTypeObject) ? mediaTypeObject.schema : undefined,
    version,
  );
  if (isFlatObject(schema)) {
    const requiredInBody = Array.isArray(schema.required) ? schema.required : [];
    for (const [name, propertySchema] of Object.entries(schema.properties)) {
      const property = claimName(name, 'body', into.taken);
      into.properties[property] = propertySchema;
      if (bodyRequired && requiredInBody.includes(name)) into.required.push(property);
      into.bindings.push({ property, location: 'body-property', name });
    }
    return mediaType;
  }
  const property = claimName('body', 'request', into.taken);
  if (typeof requestBody.description === 'string' && schema.description === undefined) {
    schema.description = requestBody.description;
  }
  into.properties[property] = schema;
  if (bodyRequired) into.required.push(property);
  into.bindings.push({ property, location: 'body' });
  return mediaType;
}

/**
 * One object schema for an operation's whole input: its path, query, header and cookie
 * parameters (in that order) and its JSON body. A plain object body's properties sit beside the
 * parameters; any other body is the property `body`. A name already taken gets its location
 * in front (`query_id`, `body_id`; then `_2`, `_3`, ...). No other property is accepted.
 *
 * @throws {UnconvertibleSchemaError} when a schema cannot be converted or a required body is
 *   not JSON.
 */
export function buildInputPlan(
  path: string,
  pathItem: Record<string, unknown>,
  operation: Record<string, unknown>,
  version: '3.0' | '3.1',
): InputPlan {
  const collected: Collected = { properties: {}, required: [], bindings: [], taken: new Set() };
  const parameters = collectParameters(pathItem, operation);
  addParameters([...parameters, ...undeclaredPathParameters(path, parameters)], version, collected);
  const bodyMediaType = addBody(operation.requestBody, version, collected);
  // Closed: an input the operation does not take is refused, never silently dropped.
  const schema: Record<string, unknown> = {
    type: 'object',
    properties: collected.properties,
    additionalProperties: false,
  };
  if (collected.required.length > 0) schema.required = collected.required;
  return {
    schema,
    bindings: collected.bindings,
    ...(bodyMediaType === undefined
      ? {}
      : {
          bodyMediaType,
          bodyRequired: isRecord(operation.requestBody) && operation.requestBody.required === true,
        }),
  };
}
