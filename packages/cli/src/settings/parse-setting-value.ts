import { parseLimits } from '@apcore-mcp/server/options';
import { mappingToEntries, parseGroupAnnotationEntries } from './group-annotation-entries.js';
import type { SettingSpec, SettingValue } from './setting-specs.js';

/** A value that was read, or what is wrong with it (a phrase that follows the setting's name). */
export type ParsedSetting = { value: SettingValue } | { problem: string };

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0']);

function describeRaw(raw: unknown): string {
  if (Array.isArray(raw)) return 'a list';
  if (raw === null || raw === undefined) return 'nothing';
  if (typeof raw === 'object') return 'a mapping';
  return JSON.stringify(raw);
}

function readText(raw: unknown): string | { problem: string } {
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw !== 'string')
    return { problem: `must be a single value (got ${describeRaw(raw)})` };
  return raw.trim();
}

function readList(raw: unknown): readonly string[] | { problem: string } {
  const items = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(items)) {
    return { problem: `must be a list or a comma-separated string (got ${describeRaw(raw)})` };
  }
  const values: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') {
      return { problem: `must hold only text entries (got ${describeRaw(item)})` };
    }
    const trimmed = item.trim();
    if (trimmed !== '') values.push(trimmed);
  }
  return values;
}

/** The number written in plain digits (no sign, point or exponent), else `NaN`. */
function readWholeNumber(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * A decimal number of at least 0 (`2.5`, `.5`, `1e-3`: a YAML number reads back so), finite;
 * no sign, hex or `Infinity`, which `Number()` alone would take.
 */
function parseDecimal(text: string): ParsedSetting {
  const value = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  if (Number.isFinite(value)) return { value };
  return { problem: `must be a number of at least 0, e.g. 2.5 (got ${JSON.stringify(text)})` };
}

/** Whether `text` is an absolute http(s) URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Limits in the server's syntax; call limits (`whole`) count whole calls of at least 1. */
function parseLimitText(text: string, whole: boolean): ParsedSetting {
  const example = whole ? '60/min,1000/day' : '100/day';
  const got = `e.g. ${example} (got ${JSON.stringify(text)})`;
  let amounts: (number | undefined)[];
  try {
    amounts = Object.values(parseLimits(text));
  } catch {
    return {
      problem: `must be AMOUNT/UNIT[,AMOUNT/UNIT...] with UNIT min, hour, day or month, ${got}`,
    };
  }
  const wholeCalls = (amount: number | undefined) =>
    Number.isInteger(amount) && Number(amount) >= 1;
  if (whole && !amounts.every(wholeCalls))
    return { problem: `must count whole calls of at least 1, ${got}` };
  return { value: text };
}

/** The settings read by a parser of their own rather than {@link parseText}'s switch. */
const OWN_PARSERS: Partial<Record<SettingSpec['kind'], (text: string) => ParsedSetting>> = {
  'rate-limit': (text) => parseLimitText(text, true),
  budget: (text) => parseLimitText(text, false),
  decimal: parseDecimal,
  'store-url': parseStoreUrl,
};

function parseStoreUrl(text: string): ParsedSetting {
  if (/^rediss?:\/\/[^/\s]/i.test(text)) return { value: text };
  const shown = JSON.stringify(hidePassword(text));
  return {
    problem: `must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (got ${shown})`,
  };
}

/** A whole number within the setting's limits: a port names both ends, a count its least. */
function parseWholeNumber(spec: SettingSpec, text: string): ParsedSetting {
  const { minimum = 0, maximum } = spec.limits;
  const value = readWholeNumber(text);
  if (
    value >= minimum &&
    Number.isSafeInteger(value) &&
    (maximum === undefined || value <= maximum)
  ) {
    return { value };
  }
  const range =
    maximum === undefined ? `of at least ${minimum}` : `between ${minimum} and ${maximum}`;
  return { problem: `must be an integer ${range} (got ${JSON.stringify(text)})` };
}

function parseText(spec: SettingSpec, text: string): ParsedSetting {
  switch (spec.kind) {
    case 'port':
    case 'integer':
      return parseWholeNumber(spec, text);
    case 'choice': {
      const choices = spec.limits.choices ?? [];
      const match = choices.find((choice) => choice.toLowerCase() === text.toLowerCase());
      if (match === undefined) {
        return { problem: `must be one of ${choices.join(', ')} (got ${JSON.stringify(text)})` };
      }
      return { value: match };
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { problem: `must be true or false (got ${JSON.stringify(text)})` };
    }
    case 'name': {
      const maxLength = spec.limits.maxLength ?? Number.POSITIVE_INFINITY;
      if (text === '') return { problem: 'must not be empty' };
      if (text.length > maxLength) {
        return { problem: `must be at most ${maxLength} characters (got ${text.length})` };
      }
      return { value: text };
    }
    case 'url':
      return isHttpUrl(text)
        ? { value: text }
        : { problem: `must be an http(s) URL (got ${JSON.stringify(text)})` };
    default:
      return text === '' ? { problem: 'must not be empty' } : { value: text };
  }
}

/**
 * An HTTP header name (RFC 9110 token): the one rule for `--openapi-header` entries and the
 * lines of `--openapi-header-file`.
 */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `NAME=VALUE` entries: a flag's values as given (repeated, a value may hold commas), a
 * variable's one per line. A message names an entry by its position and name, never its value
 * (a credential).
 */
function parseHeaders(raw: unknown): ParsedSetting {
  const items = typeof raw === 'string' ? raw.split(/\r?\n/) : raw;
  if (!Array.isArray(items)) {
    return { problem: `must be NAME=VALUE entries (got ${describeRaw(raw)})` };
  }
  const entries: string[] = [];
  for (const [index, item] of items.entries()) {
    if (typeof item !== 'string') {
      return { problem: `must hold only NAME=VALUE text entries (got ${describeRaw(item)})` };
    }
    if (item.trim() === '') continue;
    const separator = item.indexOf('=');
    const name = item.slice(0, Math.max(separator, 0)).trim();
    if (separator < 0 || !HEADER_NAME.test(name)) {
      return { problem: `entry ${index + 1} must be NAME=VALUE with NAME a header name` };
    }
    entries.push(`${name}=${item.slice(separator + 1).trim()}`);
  }
  return { value: entries };
}

/** Entries (a list, or a config file's mapping of groups), kept as given once they all read. */
function parseGroupAnnotations(raw: unknown): ParsedSetting {
  const entries = mappingToEntries(raw) ?? readList(raw);
  if ('problem' in entries) return entries;
  const parsed = parseGroupAnnotationEntries(entries);
  return 'problem' in parsed ? parsed : { value: entries };
}

/**
 * A config file's list of mappings (`middleware: [{ type: retry, max_retries: 2 }]`), its
 * scalars typed as YAML's core schema types them (`2` a number, `true` a boolean: the file is
 * read as text); what each mapping may hold is the option's to check.
 */
function readMappings(raw: unknown): ParsedSetting {
  if (!Array.isArray(raw)) {
    return { problem: `must be a list of mappings (got ${describeRaw(raw)})` };
  }
  return { value: raw.map((item) => typeScalars(item) as Readonly<Record<string, unknown>>) };
}

/** `'2'` -> 2, `'true'` -> true, `'~'` -> null, in lists and mappings at any depth. */
function typeScalars(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(typeScalars);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeScalars(item)]));
  }
  if (typeof value !== 'string') return value;
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^(null|~)?$/i.test(value)) return null;
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value)) return Number(value);
  return value;
}

/**
 * A URL to show: its password (`redis://:secret@host`) replaced by `***`.
 *
 * @example
 * ```ts
 * hidePassword('redis://user:secret@cache:6379'); // 'redis://user:***@cache:6379'
 * ```
 */
export function hidePassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^@/]*@/i, '$1***@');
}

/**
 * Reads one setting's raw value (a flag's or variable's text, or what the config file holds)
 * into its typed value, or says what is wrong with it, listing the allowed values.
 *
 * @example
 * ```ts
 * parseSettingValue(findSettingSpec('port')!, '70000');
 * // { problem: 'must be an integer between 1 and 65535 (got "70000")' }
 * ```
 */
export function parseSettingValue(spec: SettingSpec, raw: unknown): ParsedSetting {
  if (spec.kind === 'group-annotations') return parseGroupAnnotations(raw);
  if (spec.kind === 'mappings') return readMappings(raw);
  if (spec.kind === 'headers') return parseHeaders(raw);
  if (spec.kind === 'list' || spec.kind === 'locations') {
    const list = readList(raw);
    return 'problem' in list ? list : { value: list };
  }
  const text = readText(raw);
  if (typeof text !== 'string') return text;
  return (OWN_PARSERS[spec.kind] ?? ((value) => parseText(spec, value)))(text);
}
