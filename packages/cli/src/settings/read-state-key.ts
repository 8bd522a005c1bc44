import { readFile } from 'node:fs/promises';
import type { SettingSpec } from './setting-specs.js';
import { describeSource, type SettingSource } from './settings.js';

/** A state key setting as given: a file's path (`secret-file`) or the key's text (`secret`). */
export interface StateKeyCandidate {
  spec: SettingSpec;
  source: SettingSource;
  /** The absolute path of a key file, or the key itself. */
  value: string;
}

/** The key that won, and where it came from. */
export interface StateKeyChoice {
  key: Uint8Array;
  source: SettingSource;
}

const SOURCE_RANK: Record<SettingSource['kind'], number> = { default: 0, file: 1, env: 2, flag: 3 };

/** Flags over variables over the file; between two variables, the key itself over its file. */
function rankOf(candidate: StateKeyCandidate): number {
  return SOURCE_RANK[candidate.source.kind] * 2 + (candidate.spec.kind === 'secret' ? 1 : 0);
}

async function readKeyText(
  candidate: StateKeyCandidate,
  label: string,
): Promise<string | { problem: string }> {
  if (candidate.spec.kind !== 'secret-file') return candidate.value;
  try {
    const text = (await readFile(candidate.value, 'utf8')).trim();
    return text === '' ? { problem: `${label}: key file ${candidate.value} is empty` } : text;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { problem: `${label}: cannot read key file ${candidate.value} (${reason})` };
  }
}

/**
 * Reads and checks every state key given (each key file is read, each key decoded the way the
 * server does), so a bad one is reported even when a higher source overrides it; returns the
 * winning key. Problems name the flag, variable or config key and the file, never the key.
 *
 * @example
 * ```ts
 * const problems: string[] = [];
 * const choice = await readStateKey(candidates, problems);
 * choice?.key; // Uint8Array of 32+ bytes
 * ```
 */
export async function readStateKey(
  candidates: readonly StateKeyCandidate[],
  problems: string[],
): Promise<StateKeyChoice | undefined> {
  if (candidates.length === 0) return undefined;
  // The server is loaded only when a key is given: the list commands start without it.
  const { InvalidOptionError, resolveStateKey } = await import('@apcore-mcp/server/options');
  let best: { choice: StateKeyChoice; rank: number } | undefined;
  for (const candidate of candidates) {
    const label = describeSource(candidate.source);
    const text = await readKeyText(candidate, label);
    if (typeof text !== 'string') {
      problems.push(text.problem);
      continue;
    }
    let key: Uint8Array | undefined;
    try {
      key = resolveStateKey(text);
    } catch (error) {
      if (!InvalidOptionError.isInstance(error)) throw error;
      // The server's messages give lengths and kinds of characters, never the key; the setting
      // is named here, so the sentence goes on without the option's name.
      const reason = error.formatMessage(() => '').trim();
      const where = candidate.spec.kind === 'secret-file' ? ` (in ${candidate.value})` : '';
      problems.push(`${label}${where} is not a valid state key: ${reason}`);
      continue;
    }
    const rank = rankOf(candidate);
    if (key !== undefined && (best === undefined || rank >= best.rank)) {
      best = { choice: { key, source: candidate.source }, rank };
    }
  }
  return best?.choice;
}
