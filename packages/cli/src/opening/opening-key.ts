import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_VERSION } from '../package-version.js';
import { findSettingSpec, PATH_KINDS } from '../settings/setting-specs.js';
import type { ResolvedSettings } from '../settings/settings.js';

/** Directories whose files never make a module's descriptor: version control, dependencies. */
const UNREAD_DIRECTORIES = new Set(['.git', 'node_modules']);

/** The packages whose code makes the answers: a rebuild of any of them is another server. */
const ANSWERING_PACKAGES = ['@apcore-mcp/server', '@apcore-mcp/runtime', '@apcore-mcp/core'];

/** What the key of an opening is made from: every input of a start that shapes its answers. */
export interface OpeningKeyInput {
  resolved: ResolvedSettings;
  extensionsDir: string;
  /** Left out of the key: the server writes there as it serves. */
  cacheDir: string;
}

/**
 * The key of a start's opening answers: a hash of apcore-mcp's and Node's versions, the built
 * code that answers, every resolved setting, and the size, times and inode of every file of
 * the extensions directory and of every file or directory a setting names. Two starts with
 * the same key list the same modules with the same settings. Synchronous on purpose: it runs
 * before anything else is loaded, and one `stat` after another is the quickest way there.
 */
export function openingKey(input: OpeningKeyInput): string {
  const { resolved, extensionsDir, cacheDir } = input;
  const hash = createHash('sha256');
  hash.update(JSON.stringify([CLI_VERSION, process.version, resolved.configFile ?? null]));
  for (const file of answeringCode()) hash.update(`\0code:${stampOf(file)}`);
  for (const key of Object.keys(resolved.values).sort()) {
    const value = resolved.values[key];
    hash.update(`\0setting:${key}=${JSON.stringify(value)}`);
    for (const path of namedPaths(key, value)) hash.update(`\0named:${stampTree(path, cacheDir)}`);
  }
  hash.update(`\0extensions:${stampTree(extensionsDir, cacheDir)}`);
  return hash.digest('hex');
}

/** This file's bundle and those of the packages that answer, as paths. */
function answeringCode(): string[] {
  const files = [fileURLToPath(import.meta.url)];
  for (const name of ANSWERING_PACKAGES) {
    try {
      files.push(fileURLToPath(import.meta.resolve(name)));
    } catch {
      // Not installed beside the CLI: its absence is part of the stamp of this file anyway.
    }
  }
  return files;
}

/** The files and directories a setting's value names (a path setting, local documents). */
function namedPaths(key: string, value: unknown): string[] {
  const kind = findSettingSpec(key)?.kind;
  if (kind !== undefined && PATH_KINDS.has(kind) && typeof value === 'string') return [value];
  if (kind === 'locations' && Array.isArray(value)) {
    return value.filter((location): location is string => typeof location === 'string');
  }
  return [];
}

/** A file's stamp: size, modification and change times and inode (a write moves the change time). */
function stampOf(path: string): string {
  const info = statSync(path, { throwIfNoEntry: false });
  if (info === undefined) return `${path}:missing`;
  return `${path}:${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
}

/** The stamps of a file, or of every file below a directory (but `skipDir`), in a set order. */
function stampTree(path: string, skipDir: string): string {
  const info = statSync(path, { throwIfNoEntry: false });
  if (info === undefined || !info.isDirectory()) return stampOf(path);
  const stamps: string[] = [];
  const visit = (dir: string): void => {
    const entries = readdirSync(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const entryPath = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entryPath !== skipDir && !UNREAD_DIRECTORIES.has(entry.name)) visit(entryPath);
      } else {
        stamps.push(stampOf(entryPath));
      }
    }
  };
  visit(path);
  return stamps.join('\n');
}
