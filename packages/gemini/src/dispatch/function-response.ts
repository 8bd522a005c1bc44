import {
  type DispatchOutcome,
  describeDispatchFailure,
  describeOutputPart,
  type OutputPart,
} from '@apcore-mcp/tool-export';
import type { GeminiFunctionResponseBlob, GeminiFunctionResponsePart } from '../types.js';

/**
 * Image types a function response may carry as parts (multimodal function responses):
 * https://ai.google.dev/gemini-api/docs/function-calling#multimodal-function-responses
 */
const RESPONSE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** What goes in `response.output`, and the images sent beside it. */
interface ResponseBody {
  output: unknown;
  images: GeminiFunctionResponseBlob[];
}

/**
 * A module's output parts as a response body: a plain output as its JSON value; content as its
 * text, or, holding images the model can read, a list of texts and `{ "$ref": displayName }`
 * pointers to the images sent as parts (the shape the documentation shows).
 */
function toResponseBody(parts: readonly OutputPart[], multimodal: boolean): ResponseBody {
  const [only] = parts;
  if (parts.length === 1 && only?.type === 'json') return { output: only.value, images: [] };
  const images: GeminiFunctionResponseBlob[] = [];
  const items = parts.map((part): string | { $ref: string } => {
    if (part.type !== 'image' || !multimodal || !RESPONSE_IMAGE_TYPES.has(part.mimeType)) {
      return describeOutputPart(part);
    }
    const displayName = `image-${images.length + 1}.${part.mimeType.slice('image/'.length)}`;
    images.push({ mimeType: part.mimeType, data: part.data, displayName });
    return { $ref: displayName };
  });
  if (images.length > 0) return { output: items, images };
  return { output: items.join('\n'), images };
}

/**
 * The `functionResponse` part answering one call: `{ output }` on success, `{ error }` (the
 * sanitized message, then the AI guidance) on failure; the call's `id` when it had one.
 */
export function toFunctionResponsePart(
  call: { id?: string | undefined; name: string },
  outcome: DispatchOutcome,
  multimodal: boolean,
): GeminiFunctionResponsePart {
  const id = call.id === undefined ? {} : { id: call.id };
  if (!outcome.ok) {
    const response = { error: describeDispatchFailure(outcome) };
    return { functionResponse: { ...id, name: call.name, response } };
  }
  const body = toResponseBody(outcome.parts, multimodal);
  const functionResponse: GeminiFunctionResponsePart['functionResponse'] = {
    ...id,
    name: call.name,
    response: { output: body.output },
  };
  if (body.images.length > 0) {
    functionResponse.parts = body.images.map((inlineData) => ({ inlineData }));
  }
  return { functionResponse };
}
