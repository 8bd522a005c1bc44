import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { suggestClosest } from '@apcore-mcp/core/bridge';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { buildServeOptions, type SettingEntry } from './build-serve-options.js';
import { isHttpUrl, parseSettingValue } from './parse-setting-value.js';
import { type ConfigEntry, readConfigFile } from './read-config-file.js';
import { readSecuritySettings, type SecuritySettings } from './read-security-settings.js';
import { readStateKey, type StateKeyCandidate } from './read-state-key.js';
import { DEFAULT_CONFIG_FILE, ENV_PREFIX, toCamelCase, toEnvName } from './setting-names.js';
import { PATH_KINDS, SETTING_SPECS, type SettingSpec, settingSpec } from './setting-specs.js';
import { describeSource, type ResolvedSettings, type SettingSource } from './settings.js';

/** What {@link resolveSettings} reads. */
export interface ResolveSettingsInput {
  /** The parsed command line (yargs' argv: camelCase keys, `undefined` when not given). */
  flags: Readonly<Record<string, unknown>>;
  io: Pick<CliIo, 'env' | 'cwd'>;
}

const CONFIG_ENV_NAME = `${ENV_PREFIX}CONFIG`;

interface Candidate {
  spec: SettingSpec;
  source: SettingSource;
  raw: unknown;
  /** Relative directories and files are resolved against this. */
  baseDir: string;
}

/** `apcore-mcp.yaml` when the file is below the working directory, else its absolute path. */
function displayPathOf(path: string, cwd: string): string {
  const fromCwd = relative(cwd, path);
  return fromCwd.startsWith('..') || isAbsolute(fromCwd) ? path : fromCwd;
}

function locateConfigFile(input: ResolveSettingsInput, problems: string[]): string | undefined {
  const { flags, io } = input;
  const given =
    typeof flags.config === 'string'
      ? { path: flags.config, label: '--config' }
      : io.env[CONFIG_ENV_NAME] !== undefined
        ? { path: io.env[CONFIG_ENV_NAME], label: CONFIG_ENV_NAME }
        : undefined;
  if (given === undefined) {
    const fallback = resolve(io.cwd, DEFAULT_CONFIG_FILE);
    return existsSync(fallback) ? fallback : undefined;
  }
  const path = resolve(io.cwd, given.path);
  if (given.path.trim() === '' || !existsSync(path)) {
    problems.push(`${given.label}: config file not found: ${path}`);
    return undefined;
  }
  return path;
}

async function readFileCandidates(
  configFile: string,
  cwd: string,
  problems: string[],
): Promise<Candidate[]> {
  const displayPath = displayPathOf(configFile, cwd);
  let entries: ConfigEntry[];
  try {
    const contents = await readConfigFile(configFile, displayPath);
    problems.push(...contents.problems);
    entries = contents.entries;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    problems.push(`cannot read config file ${displayPath}: ${reason}`);
    return [];
  }
  return entries.map((entry) => ({
    spec: settingSpec(entry.key),
    source: { kind: 'file', path: displayPath, writtenKey: entry.writtenKey },
    raw: entry.raw,
    baseDir: dirname(configFile),
  }));
}

function readEnvCandidates(io: ResolveSettingsInput['io'], warnings: string[]): Candidate[] {
  const candidates: Candidate[] = [];
  // A list of mappings (`middleware`) has no variable form: the config file sets it.
  const specs = SETTING_SPECS.filter((spec) => spec.kind !== 'mappings');
  const known = new Set([CONFIG_ENV_NAME, ...specs.map((spec) => toEnvName(spec.key))]);
  for (const [name, raw] of Object.entries(io.env)) {
    if (!name.startsWith(ENV_PREFIX) || raw === undefined) continue;
    const spec = specs.find((candidate) => toEnvName(candidate.key) === name);
    const fileOnly = SETTING_SPECS.find(
      (candidate) => candidate.kind === 'mappings' && toEnvName(candidate.key) === name,
    );
    if (fileOnly !== undefined) {
      warnings.push(`${name} ignored: "${fileOnly.key}" is set in the config file only`);
    } else if (spec !== undefined) {
      candidates.push({ spec, source: { kind: 'env', name }, raw, baseDir: io.cwd });
    } else if (!known.has(name)) {
      const guess = suggestClosest(name, [...known]);
      warnings.push(
        `unknown environment variable ${name} ignored${guess === undefined ? '' : ` (did you mean ${guess}?)`}`,
      );
    }
  }
  return candidates;
}

function readFlagCandidates(input: ResolveSettingsInput): Candidate[] {
  const candidates: Candidate[] = [];
  for (const spec of SETTING_SPECS) {
    const raw = input.flags[toCamelCase(spec.key)];
    if (raw === undefined || spec.envOnly === true) continue;
    candidates.push({
      spec,
      source: { kind: 'flag', flag: `--${spec.key}` },
      raw,
      baseDir: input.io.cwd,
    });
  }
  return candidates;
}

type Entries = Map<string, SettingEntry>;

function defaultsOf(): Entries {
  return new Map(
    SETTING_SPECS.map((spec) => [
      spec.key,
      { value: spec.defaultValue, source: { kind: 'default' } },
    ]),
  );
}

/** The `serve()` options of the settings given, the files of the security settings read. */
function toServeOptions(
  entries: Entries,
  stateKey: Uint8Array | undefined,
  security: SecuritySettings,
): ResolvedSettings['serveOptions'] {
  const given = (key: string) => {
    const entry = entries.get(key);
    return entry?.source.kind === 'default' ? undefined : entry;
  };
  return {
    ...buildServeOptions(given),
    ...(security.auth === undefined ? {} : { auth: security.auth }),
    ...(security.cors === undefined ? {} : { cors: security.cors }),
    ...(security.tls === undefined ? {} : { tls: security.tls }),
    ...(stateKey === undefined ? {} : { stateKey }),
  };
}

/**
 * Parses each candidate into `values` (later ones win: file, then variables, then flags),
 * pushing what is wrong with each; returns the state key candidates, read afterwards.
 */
function applyCandidates(
  candidates: readonly Candidate[],
  values: Entries,
  problems: string[],
): StateKeyCandidate[] {
  const keyCandidates: StateKeyCandidate[] = [];
  for (const candidate of candidates) {
    const { spec, source } = candidate;
    const parsed = parseSettingValue(spec, candidate.raw);
    if ('problem' in parsed) {
      problems.push(`${describeSource(source)} ${parsed.problem}`);
      continue;
    }
    const value = PATH_KINDS.has(spec.kind)
      ? resolve(candidate.baseDir, parsed.value as string)
      : spec.kind === 'locations'
        ? (parsed.value as readonly string[]).map((location) =>
            isHttpUrl(location) ? location : resolve(candidate.baseDir, location),
          )
        : parsed.value;
    values.set(spec.key, { value, source });
    if (spec.key === 'state-key' || spec.key === 'state-key-file') {
      keyCandidates.push({ spec, source, value: value as string });
    }
  }
  return keyCandidates;
}

/**
 * The command's settings from, in increasing precedence: defaults, the config file
 * (`--config FILE`, `APCORE_MCP_CONFIG`, or `apcore-mcp.yaml` in the working directory),
 * `APCORE_MCP_<SETTING>` environment variables, and flags. Every value given anywhere is
 * checked, even one a higher source overrides (key files are read, state keys decoded). Relative
 * paths in the file are resolved against the file's directory, others against the working
 * directory.
 *
 * @throws {CliError} `CONFIG_INVALID` (exit 1) listing every problem, one per line, each naming
 *   the flag, variable or file key and the allowed values.
 * @example
 * ```ts
 * const { values, serveOptions } = await resolveSettings({ flags: { port: '9000' }, io: { env: {}, cwd: '/app' } });
 * values.port; // 9000
 * serveOptions; // { port: 9000 }
 * ```
 */
export async function resolveSettings(input: ResolveSettingsInput): Promise<ResolvedSettings> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const configFile = locateConfigFile(input, problems);
  const candidates = [
    ...(configFile === undefined
      ? []
      : await readFileCandidates(configFile, input.io.cwd, problems)),
    ...readEnvCandidates(input.io, warnings),
    ...readFlagCandidates(input),
  ];
  const entries = defaultsOf();
  const keyCandidates = applyCandidates(candidates, entries, problems);
  const stateKey = await readStateKey(keyCandidates, problems);
  const security = await readSecuritySettings((key) => {
    const entry = entries.get(key);
    return entry?.source.kind === 'default' ? undefined : entry;
  }, problems);
  if (problems.length > 0) {
    throw new CliError(problems.join('\n'), {
      code: 'CONFIG_INVALID',
      details: { problems, configFile },
    });
  }
  const pick = <T>(read: (entry: SettingEntry) => T) =>
    Object.fromEntries([...entries].map(([key, entry]) => [key, read(entry)]));
  return {
    values: pick((entry) => entry.value),
    sources: pick((entry) => entry.source),
    serveOptions: toServeOptions(entries, stateKey?.key, security),
    configFile,
    warnings,
  };
}
