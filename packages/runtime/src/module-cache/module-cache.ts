import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { isRecord, type Logger, readPackageVersion } from '@apcore-mcp/core/bridge';
import { findSchemaProblems, markSchemaChecked } from '../schema-problems.js';
import {
  type FileFingerprint,
  type FileStamp,
  fingerprintFile,
  stampFile,
  stampVouchesFor,
} from './file-fingerprint.js';
import type { ModuleSnapshot } from './module-snapshot.js';
import { fingerprintSupportFiles } from './support-files.js';

/** Bumped whenever what an entry holds, or how it is read, changes. */
const CACHE_FORMAT = 3;
/** The name of the cache's directory inside the extensions directory (discovery skips dot names). */
export const DEFAULT_CACHE_DIR_NAME = '.apcore-mcp-cache';
const CACHE_FILE_NAME = 'modules.json';

/** The runtime's own version: a cache written by another version is never read. */
const RUNTIME_VERSION = readPackageVersion(import.meta.url);

/** One module file's entry: the file it was made from, and its module's snapshot. */
interface CacheEntry extends FileFingerprint {
  snapshot: ModuleSnapshot;
  /** Whether the snapshot's input and output schemas passed their meta-schema. */
  schemasChecked: boolean;
}

interface CacheContent {
  format: number;
  runtime: string;
  /** The fingerprint of the directory's other files the entries were made with. */
  support: string;
  entries: Record<string, CacheEntry>;
}

/** What {@link ModuleCache.lookup} found of a module file. */
export interface CacheLookup {
  /** The cached snapshot of its module, when the file is still the one it was made from. */
  snapshot?: ModuleSnapshot;
  /** The file as it is now; absent when it cannot be read. */
  print?: FileFingerprint;
}

/** Options of {@link ModuleCache.open}. */
export interface ModuleCacheOpenOptions {
  /** Where the cache file is kept. */
  dir: string;
  /** The fingerprint of the directory's files that are not modules (see `fingerprintSupportFiles`). */
  support: string;
  logger: Logger;
}

/** Why the content of a cache file cannot be used, or `null` when it can. */
function describeContentProblem(content: unknown): string | null {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    return 'it is not a JSON object';
  }
  const { format, runtime, entries } = content as Partial<CacheContent>;
  if (format !== CACHE_FORMAT || runtime !== RUNTIME_VERSION) {
    return `it was written by another version (format ${String(format)}, runtime ${String(runtime)})`;
  }
  if (typeof entries !== 'object' || entries === null) return 'it has no entries';
  if (typeof (content as Partial<CacheContent>).support !== 'string')
    return 'it has no support fingerprint';
  return null;
}

/** The schemas of a snapshot that tools are checked and built from. */
function schemasOf(snapshot: ModuleSnapshot): object[] {
  const { inputSchema, outputSchema } = snapshot.fields;
  return [inputSchema, outputSchema].filter(isRecord);
}

/** The entry's snapshot, its schemas marked as passing when the entry recorded that they do. */
function servedSnapshot(entry: CacheEntry): ModuleSnapshot {
  if (entry.schemasChecked)
    for (const schema of schemasOf(entry.snapshot)) markSchemaChecked(schema);
  return entry.snapshot;
}

/**
 * The descriptors of an extensions directory's modules, kept in a JSON file between starts so
 * that tools are listed before any module's code is imported. An entry is used only while its
 * file's size, mtime and content hash are unchanged, and each records whether its schemas
 * passed their meta-schema. The file is replaced atomically (written aside, then renamed), so
 * servers starting at once on the same directory each read a whole file. A cache that cannot be read is ignored with a warning and rewritten; one that cannot be
 * written leaves the server working without it.
 *
 * @example
 * ```ts
 * const cache = await ModuleCache.open('/app/extensions', { dir, support, logger });
 * const { snapshot, print } = cache.lookup(path);
 * ```
 */
export class ModuleCache {
  readonly #rootDir: string;
  readonly #file: string;
  readonly #logger: Logger;
  readonly #support: string;
  readonly #entries: Map<string, CacheEntry>;
  #changed: boolean;

  private constructor(
    rootDir: string,
    options: ModuleCacheOpenOptions,
    content: CacheContent | null,
  ) {
    this.#rootDir = rootDir;
    this.#file = join(options.dir, CACHE_FILE_NAME);
    this.#logger = options.logger;
    this.#support = options.support;
    // Entries made with other helper files may describe modules as they no longer are.
    const usable = content !== null && content.support === options.support;
    this.#entries = new Map(usable ? Object.entries(content.entries) : []);
    this.#changed = !usable;
  }

  /** Opens (reads) the cache of `rootDir`, kept in `options.dir`. */
  static async open(rootDir: string, options: ModuleCacheOpenOptions): Promise<ModuleCache> {
    const content = await readCacheFile(join(options.dir, CACHE_FILE_NAME), options.logger);
    return new ModuleCache(rootDir, options, content);
  }

  /**
   * Opens the cache of the extensions directory `rootDir`, whose module files are `paths`: kept
   * in `dir`, by default `<rootDir>/.apcore-mcp-cache`.
   */
  static async openFor(
    rootDir: string,
    paths: readonly string[],
    options: { dir?: string; logger: Logger },
  ): Promise<ModuleCache> {
    const dir = resolve(options.dir ?? join(rootDir, DEFAULT_CACHE_DIR_NAME));
    const support = await fingerprintSupportFiles(rootDir, paths, dir);
    return ModuleCache.open(rootDir, { dir, support, logger: options.logger });
  }

  /** Where the cache is kept. */
  get file(): string {
    return this.#file;
  }

  /**
   * The module file at `path` as it is now (`print`, absent when it cannot be read) and, when it
   * is still the file its entry was made from, the entry's `snapshot`. An entry whose stamp
   * vouches for the file is used without reading it; otherwise the file is read and hashed, and
   * the same content under new times (a `touch`, a checkout) keeps its entry, refreshed.
   */
  lookup(path: string): CacheLookup {
    let stamp: FileStamp;
    let print: FileFingerprint;
    const entry = this.#entries.get(this.#key(path));
    try {
      stamp = stampFile(path);
      if (entry !== undefined && stampVouchesFor(stamp, entry)) {
        const { snapshot: _snapshot, schemasChecked: _checked, ...print } = entry;
        return { snapshot: servedSnapshot(entry), print };
      }
      print = fingerprintFile(path, stamp);
    } catch {
      // Unreadable now: importing it says why.
      return {};
    }
    if (entry === undefined || entry.hash !== print.hash) return { print };
    this.#set(path, { ...entry, ...print });
    return { snapshot: servedSnapshot(entry), print };
  }

  /**
   * Records the snapshot of the module at `path`, made from the file `print` describes, and
   * whether its schemas pass their meta-schema (a start served from it skips that check).
   */
  remember(path: string, print: FileFingerprint, snapshot: ModuleSnapshot): void {
    const schemasChecked = schemasOf(snapshot).every(
      (schema) => findSchemaProblems(schema).length === 0,
    );
    this.#set(path, { ...print, snapshot, schemasChecked });
  }

  #set(path: string, entry: CacheEntry): void {
    this.#entries.set(this.#key(path), entry);
    this.#changed = true;
  }

  /** Forgets the module at `path` (its file no longer loads as it did). */
  forget(path: string): void {
    this.#changed = this.#entries.delete(this.#key(path)) || this.#changed;
  }

  /**
   * Writes the cache if anything changed, keeping the entries of `presentPaths` only (deleted
   * files leave it). Never throws: a cache that cannot be written is a warning.
   */
  async save(presentPaths?: readonly string[]): Promise<void> {
    if (presentPaths !== undefined) {
      const present = new Set(presentPaths.map((path) => this.#key(path)));
      for (const key of this.#entries.keys()) {
        if (!present.has(key)) this.#changed = this.#entries.delete(key) || this.#changed;
      }
    }
    if (!this.#changed) return;
    const content: CacheContent = {
      format: CACHE_FORMAT,
      runtime: RUNTIME_VERSION,
      support: this.#support,
      entries: Object.fromEntries([...this.#entries].sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    try {
      await writeAtomically(this.#file, `${JSON.stringify(content)}\n`);
      this.#changed = false;
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.#logger.warn(
        { file: this.#file, reason },
        `Cannot write the module cache ${this.#file} (${reason}): modules are imported at every start`,
      );
    }
  }

  #key(path: string): string {
    return relative(this.#rootDir, path).split(sep).join('/');
  }
}

async function readCacheFile(file: string, logger: Logger): Promise<CacheContent | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // None yet (or its place is not a directory, which writing it will report).
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      logger.warn(
        { file, reason: code },
        `Ignoring the module cache ${file}: cannot read it (${code})`,
      );
    }
    return null;
  }
  let problem: string | null;
  let content: unknown;
  try {
    content = JSON.parse(text);
    problem = describeContentProblem(content);
  } catch {
    problem = 'it is not valid JSON';
  }
  if (problem === null) return content as CacheContent;
  logger.warn(
    { file, reason: problem },
    `Ignoring the module cache ${file}: ${problem}; it is rebuilt`,
  );
  return null;
}

/** Writes `text` beside `file`, then renames it over: readers see the old file or the new, whole. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const dir = join(file, '..');
  await mkdir(dir, { recursive: true });
  // Keeps the cache out of version control without touching the project's own ignore files.
  await writeFile(join(dir, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => {});
  const aside = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(aside, text);
    await rename(aside, file);
  } finally {
    await rm(aside, { force: true });
  }
}
