import type { Logger } from '@apcore-mcp/core/bridge';

/**
 * An OpenAPI document as given: a file path (JSON or YAML; relative paths resolve against
 * `projectRoot`), an `http(s)://` URL (used verbatim), or the parsed document itself.
 *
 * @example
 * ```ts
 * const spec: OpenapiSpec = './petstore.yaml';
 * ```
 */
export type OpenapiSpec = string | Record<string, unknown>;

/**
 * Options of {@link openapiModules} and {@link registerOpenapi}.
 *
 * @example
 * ```ts
 * const options: OpenapiOptions = {
 *   prefix: 'petstore',
 *   baseUrl: 'http://127.0.0.1:4010',
 *   headers: { authorization: `Bearer ${process.env.PETSTORE_TOKEN}` },
 * };
 * ```
 */
export interface OpenapiOptions {
  /** Prepended to every module id (`petstore` -> `petstore.list_pets`); normalised like the ids. */
  prefix?: string;
  /**
   * Where calls go. Default: the document's first server URL, when it is absolute (server
   * variables take their defaults). Required when the document has none.
   */
  baseUrl?: string;
  /**
   * Headers sent with every call (credentials such as `authorization` or an API key). They are
   * the only credentials a call carries: nothing the MCP client sent is ever forwarded.
   */
  headers?: Readonly<Record<string, string>>;
  /** Headers sent when fetching the document from a URL (never with calls). */
  specHeaders?: Readonly<Record<string, string>>;
  /** How long one call may take, in ms; then it fails with `MODULE_TIMEOUT`. Default 60000. */
  timeoutMs?: number;
  /** How long fetching the document may take, in ms. Default 30000. */
  specTimeoutMs?: number;
  /** The largest answer read, in bytes; a larger one is cut off and refused. Default 10 MiB. */
  maxResponseBytes?: number;
  /** Whether `$ref`s to other files or URLs are followed. Default `false`: such a document is refused. */
  allowExternalRefs?: boolean;
  /** The base of a relative document path. Default: the process's working directory. */
  projectRoot?: string;
  /**
   * Whether the registry already has modules from another source (an extensions directory,
   * another document). A prefix is then required, so the id spaces cannot casually collide.
   */
  mixedSources?: boolean;
  /** Receives warnings (skipped operations, renamed ids) and debug records. Silent by default. */
  logger?: Logger;
}

/** The defaults of {@link OpenapiOptions}. */
export const DEFAULTS = Object.freeze({
  timeoutMs: 60_000,
  specTimeoutMs: 30_000,
  maxResponseBytes: 10 * 1024 * 1024,
});
