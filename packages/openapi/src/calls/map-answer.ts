import { audio, embeddedResource, InvalidInputError, image, text } from '@apcore-mcp/core';
import type { UpstreamAnswer } from './send-request.js';
import { UpstreamError } from './upstream-error.js';
import { upstreamMessage } from './upstream-message.js';

const utf8 = new TextDecoder('utf-8');

function isJson(contentType: string): boolean {
  return /^application\/([\w.-]+\+)?json\b/i.test(contentType);
}

function isText(contentType: string): boolean {
  return (
    contentType === '' ||
    /^text\//i.test(contentType) ||
    /^application\/([\w.-]+\+)?(xml|yaml|x-yaml|javascript|x-www-form-urlencoded)\b/i.test(
      contentType,
    )
  );
}

/** A JSON answer as an output object: objects as they are, arrays as `{ items }`, others as `{ value }`. */
function jsonOutput(answer: UpstreamAnswer): Record<string, unknown> {
  if (answer.body.byteLength === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(answer.body));
  } catch (error) {
    throw new UpstreamError({
      message: 'The API answered with JSON that does not parse',
      retryable: false,
      status: answer.status,
      cause: error,
    });
  }
  if (Array.isArray(value)) return { items: value };
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  return { value };
}

function successOutput(answer: UpstreamAnswer) {
  const mediaType = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (isJson(mediaType)) return jsonOutput(answer);
  if (answer.body.byteLength === 0) return {};
  if (isText(mediaType)) return text(utf8.decode(answer.body));
  if (mediaType.startsWith('image/')) return image(answer.body, mediaType);
  if (mediaType.startsWith('audio/')) return audio(answer.body, mediaType);
  return embeddedResource({ uri: answer.url.href, mimeType: mediaType, blob: answer.body });
}

/** Statuses that say "later", not "differently". */
const RETRY_LATER = new Set([408, 425, 429]);

/**
 * A call's answer as the module's result: 2xx JSON as structured output (see {@link jsonOutput}),
 * text as a text item, images and audio as such, other bytes as an embedded resource; a 4xx as
 * an invalid input error with the API's own message (bounded and sanitized); 408, 425, 429 and
 * 5xx as a retryable {@link UpstreamError}; anything else as a non-retryable one.
 */
export function mapAnswer(answer: UpstreamAnswer, baseUrl: URL) {
  const { status } = answer;
  if (status >= 200 && status < 300) return successOutput(answer);
  if (RETRY_LATER.has(status) || status >= 500) {
    throw new UpstreamError({
      message: `The API failed with HTTP ${status}`,
      retryable: true,
      status,
      aiGuidance: `The API behind this tool answered HTTP ${status}. Retry after a short wait.`,
    });
  }
  if (status >= 400) {
    const message = upstreamMessage(answer, baseUrl);
    throw new InvalidInputError(
      `the API refused the request (HTTP ${status})${message === '' ? '' : `: ${message}`}`,
      { details: { status } },
    );
  }
  throw new UpstreamError({
    message: `The API answered HTTP ${status}, which is not followed`,
    retryable: false,
    status,
  });
}
