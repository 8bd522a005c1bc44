import type { ContentView } from '../logic/content.js';
import { Markdown } from './markdown.js';

/** One content item or resource entry, shown as its kind asks. */
export function ContentBlock({ view }: { view: ContentView }) {
  switch (view.kind) {
    case 'text':
      return <pre class="content-text">{view.text}</pre>;
    case 'json':
    case 'unknown':
      return (
        <pre class="content-json">
          <code>{view.text}</code>
        </pre>
      );
    case 'markdown':
      return <Markdown text={view.text} />;
    case 'image':
      return <img class="content-image" src={view.src} alt={view.alt} />;
    case 'audio':
      return (
        // biome-ignore lint/a11y/useMediaCaption: tool results carry no captions to show.
        <audio controls src={view.src}>
          Audio ({view.mimeType})
        </audio>
      );
    case 'link':
      return (
        <p class="content-link">
          Resource link: <strong>{view.name}</strong> <code>{view.uri}</code>
          {view.mimeType !== undefined && ` (${view.mimeType})`}
          {view.description !== undefined && ` — ${view.description}`}
        </p>
      );
    case 'resource':
      return (
        <div class="content-resource">
          <p>
            Embedded resource <code>{view.uri}</code>
          </p>
          <ContentBlock view={view.body} />
        </div>
      );
    case 'binary':
      return (
        <p>
          {view.bytes} bytes of {view.mimeType}
        </p>
      );
  }
}
