import { isRecord, type Logger, silentLogger } from '@apcore-mcp/core/bridge';
import { compileErrors, dereference, type ParserOptions, validate } from '@readme/openapi-parser';
import { parse as parseYaml } from 'yaml';
import { OpenapiError } from '../openapi-error.js';
import { DEFAULTS, type OpenapiOptions, type OpenapiSpec } from '../options.js';
import { findExternalRefs } from './external-refs.js';
import { readSpecText } from './read-spec-text.js';
import { resolveSpecLocation } from './spec-location.js';

/** A loaded document: its `$ref`s resolved (circular ones left as `$ref`). */
export interface LoadedDocument {
  document: Record<string, unknown>;
  /** `'3.0'` or `'3.1'`: how its schemas read (3.0's `nullable`, `example`). */
  version: '3.0' | '3.1';
  /** Where it came from; `undefined` for a document given as an object. */
  location?: string;
}

/** The most validation messages quoted in an error; the rest are counted. */
const MAX_MESSAGE_CHARACTERS = 2000;

async function readRaw(
  spec: OpenapiSpec,
  options: OpenapiOptions,
  logger: Logger,
): Promise<{ raw: unknown; location?: string }> {
  if (typeof spec !== 'string') return { raw: structuredClone(spec) };
  const location = resolveSpecLocation(spec, { ...options, logger });
  if (location === undefined) {
    throw new OpenapiError('unreadable', 'The OpenAPI document location is empty');
  }
  const text = await readSpecText(location, {
    ...(options.specHeaders === undefined ? {} : { headers: options.specHeaders }),
    timeoutMs: options.specTimeoutMs ?? DEFAULTS.specTimeoutMs,
  });
  try {
    return { raw: parseYaml(text), location };
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
    throw new OpenapiError(
      'invalid-document',
      `The OpenAPI document ${location} is neither JSON nor YAML: ${reason}`,
      { details: { location }, cause: error },
    );
  }
}

function checkVersion(raw: unknown, where: string): '3.0' | '3.1' {
  if (!isRecord(raw)) throw new OpenapiError('invalid-document', `${where} is not an object`);
  if (raw.swagger !== undefined) {
    throw new OpenapiError(
      'unsupported-version',
      `${where} is Swagger ${String(raw.swagger)}, which is not supported: only OpenAPI 3.0 and 3.1 are. Convert it first (for example with swagger2openapi).`,
    );
  }
  if (typeof raw.openapi !== 'string') {
    throw new OpenapiError(
      'invalid-document',
      `${where} is not an OpenAPI document: it has no "openapi" version field`,
    );
  }
  const version = /^3\.([01])\./.exec(raw.openapi);
  if (version === null) {
    throw new OpenapiError(
      'unsupported-version',
      `${where} is OpenAPI ${raw.openapi}, which is not supported: only OpenAPI 3.0 and 3.1 are`,
    );
  }
  return version[1] === '0' ? '3.0' : '3.1';
}

function checkExternalRefs(raw: unknown, where: string, allowed: boolean): void {
  const external = findExternalRefs(raw);
  if (external.length === 0 || allowed) return;
  const shown = external.slice(0, 5).join(', ');
  const more = external.length > 5 ? ` and ${external.length - 5} more` : '';
  throw new OpenapiError(
    'external-ref',
    `${where} refers to other documents (${shown}${more}); they are not followed unless allowed (allowExternalRefs; the CLI's --openapi-allow-external-refs)`,
    { details: { refs: external } },
  );
}

function bounded(text: string): string {
  return text.length <= MAX_MESSAGE_CHARACTERS ? text : `${text.slice(0, MAX_MESSAGE_CHARACTERS)}…`;
}

/** Validates the document and resolves its `$ref`s; every parser failure as an {@link OpenapiError}. */
async function resolveDocument(
  input: () => unknown,
  parserOptions: ParserOptions,
  where: string,
  logger: Logger,
): Promise<Record<string, unknown>> {
  let result: Awaited<ReturnType<typeof validate>>;
  let document: unknown;
  try {
    result = await validate(input() as never, parserOptions);
    if (result.valid) document = await dereference(input() as never, parserOptions);
  } catch (error) {
    const reason = error instanceof Error ? bounded(error.message) : 'it cannot be resolved';
    throw new OpenapiError('invalid-document', `${where} is not valid OpenAPI: ${reason}`, {
      cause: error,
    });
  }
  if (!result.valid) {
    throw new OpenapiError(
      'invalid-document',
      `${where} is not valid OpenAPI:\n${bounded(compileErrors(result))}`,
    );
  }
  for (const warning of result.warnings) logger.warn(`${where}: ${warning.message}`);
  return document as Record<string, unknown>;
}

/**
 * Reads, checks and resolves an OpenAPI document: from a path (JSON or YAML), a URL, or an
 * object. Swagger 2.0 and anything not OpenAPI 3.0 / 3.1 is refused, so is a `$ref` to another
 * document unless `allowExternalRefs`; the document must pass `@readme/openapi-parser`'s
 * validation; then its `$ref`s are resolved in place (circular ones stay `$ref`s).
 *
 * @throws {OpenapiError} with the reason (`unreadable`, `invalid-document`,
 *   `unsupported-version`, `external-ref`) and a message naming the document.
 */
export async function loadDocument(
  spec: OpenapiSpec,
  options: OpenapiOptions = {},
): Promise<LoadedDocument> {
  const logger = options.logger ?? silentLogger;
  const { raw, location } = await readRaw(spec, options, logger);
  const where =
    location === undefined ? 'The OpenAPI document' : `The OpenAPI document ${location}`;
  const version = checkVersion(raw, where);
  const allowExternal = options.allowExternalRefs === true;
  checkExternalRefs(raw, where, allowExternal);
  const parserOptions: ParserOptions = {
    resolve: { external: allowExternal },
    dereference: { circular: 'ignore' },
    validate: {
      errors: { colorize: false },
      // Sloppiness the modules repair (an undeclared path parameter becomes a string input, a
      // repeated operationId a renamed id) is worth a warning, not a refusal.
      rules: {
        openapi: {
          'path-parameters-not-in-parameters': 'warning',
          'non-optional-path-parameters': 'warning',
          'duplicate-operation-id': 'warning',
        },
      },
    },
  };
  // With external references allowed, the parser reads a file itself so relative ones resolve
  // against the document's own folder.
  const input = () => (allowExternal && location !== undefined ? location : structuredClone(raw));
  const document = await resolveDocument(input, parserOptions, where, logger);
  return {
    document: document as Record<string, unknown>,
    version,
    ...(location === undefined ? {} : { location }),
  };
}
