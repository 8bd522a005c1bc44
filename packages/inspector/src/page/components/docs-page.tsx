import type { Client } from '@modelcontextprotocol/client';
import { ResourceReadView } from './resource-read-view.js';
import { useResource } from './use-resource.js';

/** A module's `docs://<moduleId>` page, rendered. */
export function DocsPage({ client, uri }: { client: Client; uri: string }) {
  return (
    <div class="docs">
      <ResourceReadView read={useResource(client, uri)} />
    </div>
  );
}
