import { ContentBlock } from './content-view.js';
import type { ResourceRead } from './use-resource.js';

/** A resource read: a loading line, its entries, or the failure. */
export function ResourceReadView({ read }: { read: ResourceRead }) {
  if (read.state === 'loading') return <p class="hint">Reading…</p>;
  if (read.state === 'failed') return <p class="error">Could not read it: {read.message}</p>;
  return (
    <>
      {read.views.map((view, index) => (
        <ContentBlock key={index} view={view} />
      ))}
    </>
  );
}
