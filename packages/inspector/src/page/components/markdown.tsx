import { micromark } from 'micromark';
import { useMemo } from 'preact/hooks';

/**
 * Markdown (a `docs://` page) rendered as HTML. micromark's defaults make it safe to insert:
 * raw HTML in the source is escaped and `javascript:`-like link protocols are dropped.
 */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => micromark(text), [text]);
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
