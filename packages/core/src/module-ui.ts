import { isRecord } from './is-record.js';

/**
 * The origins a module's UI may reach, as the MCP Apps extension spells its CSP: hosts build
 * the iframe's Content Security Policy from them. Absent lists allow nothing.
 *
 * @example
 * ```ts
 * const csp: ModuleUiCsp = { resourceDomains: ['https://cdn.example.com'] };
 * ```
 */
export interface ModuleUiCsp {
  /** Origins for fetch, XHR and WebSocket (`connect-src`). */
  connectDomains?: string[];
  /** Origins for scripts, styles, images, fonts and media. */
  resourceDomains?: string[];
  /** Origins for nested iframes (`frame-src`). */
  frameDomains?: string[];
  /** Origins allowed as the document's base URI (`base-uri`). */
  baseUriDomains?: string[];
}

/** A requested permission: present means asked for (the extension's empty-object marker). */
export type ModuleUiPermission = Record<string, never>;

/**
 * The browser permissions a module's UI asks its host for, as the MCP Apps extension spells
 * them: each present key is one request.
 *
 * @example
 * ```ts
 * const permissions: ModuleUiPermissions = { clipboardWrite: {} };
 * ```
 */
export interface ModuleUiPermissions {
  camera?: ModuleUiPermission;
  microphone?: ModuleUiPermission;
  geolocation?: ModuleUiPermission;
  clipboardWrite?: ModuleUiPermission;
}

/**
 * A module's UI, served as an MCP Apps `ui://` resource next to its tool: the HTML (inline, or
 * a file), its CSP and permissions, and whether it prefers a border around it.
 *
 * @example
 * ```ts
 * const ui: ModuleUi = { html: '<p>Hello</p>', prefersBorder: true };
 * ```
 */
export interface ModuleUi {
  /** The HTML document itself. */
  html?: string;
  /**
   * A path to the HTML file. Discovery resolves a relative path against the module's own file;
   * elsewhere it is resolved against the working directory.
   */
  file?: string;
  csp?: ModuleUiCsp;
  permissions?: ModuleUiPermissions;
  prefersBorder?: boolean;
}

/**
 * What a module's `ui` field takes: a path to an HTML file (`'./card.html'`), or a
 * {@link ModuleUi} with exactly one of `html` and `file`.
 *
 * @example
 * ```ts
 * const ui: ModuleUiInput = './card.html';
 * ```
 */
export type ModuleUiInput = string | ModuleUi;

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];
const PERMISSION_KEYS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

/**
 * Why `value` is not a valid module `ui` ({@link ModuleUiInput}), or `null` when it is one.
 *
 * @example
 * ```ts
 * describeUiProblem({ csp: {} }); // 'ui needs exactly one of html and file'
 * ```
 */
export function describeUiProblem(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? 'ui must not be empty' : null;
  if (!isRecord(value)) return 'ui must be a path to an HTML file or an object';
  const { html, file, csp, permissions, prefersBorder } = value;
  if ((html === undefined) === (file === undefined)) return 'ui needs exactly one of html and file';
  if (html !== undefined && typeof html !== 'string') return 'ui.html must be a string';
  if (file !== undefined && (typeof file !== 'string' || file.trim() === '')) {
    return 'ui.file must be a non-empty string';
  }
  if (csp !== undefined && !isListRecord(csp, CSP_KEYS)) {
    return `ui.csp must be an object of string lists (${CSP_KEYS.join(', ')})`;
  }
  if (permissions !== undefined && !isMarkerRecord(permissions, PERMISSION_KEYS)) {
    return `ui.permissions must be an object of empty objects (${PERMISSION_KEYS.join(', ')})`;
  }
  if (prefersBorder !== undefined && typeof prefersBorder !== 'boolean') {
    return 'ui.prefersBorder must be a boolean';
  }
  return null;
}

/**
 * A valid `ui` value as a {@link ModuleUi}: a path becomes `{ file }`; an object is copied, so
 * later changes to it never reach the module.
 *
 * @throws TypeError when `value` is not a valid `ui` (see {@link describeUiProblem}).
 * @example
 * ```ts
 * toModuleUi('./card.html'); // { file: './card.html' }
 * ```
 */
export function toModuleUi(value: unknown): ModuleUi {
  const problem = describeUiProblem(value);
  if (problem !== null) throw new TypeError(problem);
  if (typeof value === 'string') return { file: value };
  return structuredClone(value as ModuleUi);
}

function isListRecord(value: unknown, keys: readonly string[]): boolean {
  return (
    isRecord(value) &&
    Object.entries(value).every(
      ([key, list]) =>
        keys.includes(key) &&
        Array.isArray(list) &&
        list.every((entry) => typeof entry === 'string'),
    )
  );
}

function isMarkerRecord(value: unknown, keys: readonly string[]): boolean {
  return (
    isRecord(value) &&
    Object.entries(value).every(
      ([key, marker]) => keys.includes(key) && isRecord(marker) && Object.keys(marker).length === 0,
    )
  );
}
