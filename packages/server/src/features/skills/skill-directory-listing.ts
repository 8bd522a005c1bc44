import type { Skill } from '@modelcontextprotocol/server/ext/skills';

/**
 * The `mimeType` of a directory resource (`resources/directory/read`).
 *
 * @example
 * ```ts
 * children.filter((child) => child.mimeType === DIRECTORY_MIME_TYPE);
 * ```
 */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

/**
 * One child of a skill directory, as `resources/directory/read` lists it.
 *
 * @example
 * ```ts
 * const child: DirectoryChild = { uri: 'skill://orders/references', name: 'references', mimeType: 'inode/directory' };
 * ```
 */
export type DirectoryChild = { uri: string; name: string; mimeType: string; size?: number };

const MIME_TYPES: Record<string, string> = {
  md: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  py: 'text/x-python',
  sh: 'application/x-sh',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/typescript',
  html: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/**
 * The MIME type of a skill file, by its extension; `application/octet-stream` when unknown.
 *
 * @example
 * ```ts
 * mimeTypeOf('skill://orders/SKILL.md'); // 'text/markdown'
 * ```
 */
export function mimeTypeOf(uri: string): string {
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
  return MIME_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Whether a file of this MIME type is sent as text (else as a base64 `blob`).
 *
 * @example
 * ```ts
 * isTextMimeType('text/markdown'); // true
 * ```
 */
export function isTextMimeType(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    [
      'application/json',
      'application/yaml',
      'application/xml',
      'application/x-sh',
      'image/svg+xml',
    ].includes(mimeType)
  );
}

/**
 * The direct children of `dirUri` inside one skill (the skill's root or a folder below it):
 * its files with their sizes, and its sub-folders as directory resources; `undefined` when
 * the skill has no such folder. Sorted by URI.
 *
 * @example
 * ```ts
 * directoryChildren(skill.entry, 'skill://orders'); // [{ uri: 'skill://orders/SKILL.md', ... }, { uri: 'skill://orders/references', ... }]
 * ```
 */
export function directoryChildren(entry: Skill, dirUri: string): DirectoryChild[] | undefined {
  if (entry.resources === 'dynamic') return undefined;
  const prefix = `${dirUri}/`;
  const children = new Map<string, DirectoryChild>();
  for (const file of entry.resources) {
    if (!file.uri.startsWith(prefix)) continue;
    const rest = file.uri.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash === -1) {
      children.set(file.uri, {
        uri: file.uri,
        name: decodeURIComponent(rest),
        mimeType: mimeTypeOf(file.uri),
        size: file.size,
      });
      continue;
    }
    const uri = prefix + rest.slice(0, slash);
    const name = decodeURIComponent(rest.slice(0, slash));
    children.set(uri, { uri, name, mimeType: DIRECTORY_MIME_TYPE });
  }
  if (children.size === 0) return undefined;
  return [...children.values()].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
}
