import { isRecord } from '@apcore-mcp/core/bridge';
import type { UpstreamAnswer } from './send-request.js';

/** The longest upstream message passed on. */
const MAX_MESSAGE_LENGTH = 500;

/** Fields where APIs put their error message (RFC 9457's `detail` and `title` among them). */
const MESSAGE_FIELDS = ['message', 'detail', 'error_description', 'error', 'title', 'description'];

function messageOfJson(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return undefined;
  for (const field of MESSAGE_FIELDS) {
    const found = value[field];
    if (typeof found === 'string' && found.trim() !== '') return found;
    if (isRecord(found)) return messageOfJson(found);
  }
  if (Array.isArray(value.errors)) {
    return value.errors
      .map(messageOfJson)
      .filter((message) => message !== undefined)
      .join('; ');
  }
  return undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Drops stack frames and control characters, hides URLs of other origins, bounds the length. */
function sanitize(message: string, baseUrl: URL): string {
  const lines = message
    .split(/\r?\n/)
    .filter((line) => !/^\s*at\s+\S/.test(line) && !/^\s*File "/.test(line));
  const cleaned = lines
    .join(' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/https?:\/\/[^\s"'<>)]+/gi, (url) =>
      originOf(url) === baseUrl.origin ? url : '[url]',
    )
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length <= MAX_MESSAGE_LENGTH
    ? cleaned
    : `${cleaned.slice(0, MAX_MESSAGE_LENGTH)}…`;
}

/**
 * The message of an API's error answer, safe to show a model: from a JSON body's `message`,
 * `detail`, `error`, `title` (...) or a text body's first part, without stack frames, control
 * characters or URLs outside the configured API, at most 500 characters. Empty when the body
 * says nothing readable (HTML pages say nothing).
 */
export function upstreamMessage(answer: UpstreamAnswer, baseUrl: URL): string {
  const body = new TextDecoder('utf-8').decode(answer.body.subarray(0, 16 * 1024));
  const mediaType = answer.contentType.toLowerCase();
  if (mediaType.includes('json')) {
    try {
      return sanitize(messageOfJson(JSON.parse(body)) ?? '', baseUrl);
    } catch {
      return '';
    }
  }
  if (mediaType.startsWith('text/html')) return '';
  return sanitize(body, baseUrl);
}
