import { micromark } from 'micromark';
import { useEffect, useMemo, useRef } from 'preact/hooks';

/**
 * Markdown (a `docs://` page, a skill's file) rendered as HTML. micromark's defaults make it
 * safe to insert: raw HTML in the source is escaped and `javascript:`-like link protocols are
 * dropped. A relative link means a file beside the markdown, not a page of this site: with
 * `onRelativeLink` the page opens it itself (a skill's `references/FORMS.md`).
 */
export function Markdown({
  text,
  onRelativeLink,
}: {
  text: string;
  onRelativeLink?: ((href: string) => void) | undefined;
}) {
  const html = useMemo(() => micromark(text), [text]);
  const container = useRef<HTMLDivElement>(null);
  // The links stay real links (focus, Enter, the status bar): only where they lead changes.
  useEffect(() => {
    const element = container.current;
    if (element === null || onRelativeLink === undefined) return;
    const follow = (event: MouseEvent) => {
      const href = (event.target as Element | null)?.closest('a')?.getAttribute('href');
      if (href == null || !isRelative(href)) return;
      event.preventDefault();
      onRelativeLink(href);
    };
    element.addEventListener('click', follow);
    return () => element.removeEventListener('click', follow);
  }, [onRelativeLink]);
  return <div ref={container} class="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A path beside the document: no scheme, not from the root, not a fragment. */
function isRelative(href: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('/') && !href.startsWith('#');
}
