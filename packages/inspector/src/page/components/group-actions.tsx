import type { Client } from '@modelcontextprotocol/client';
import type { ToolInfo } from '../logic/tool-info.js';
import { Badges } from './badges.js';
import { DocsPage } from './docs-page.js';

interface GroupActionsProps {
  client: Client;
  info: ToolInfo;
  documented: ReadonlySet<string>;
}

/** A grouped tool's actions: module id, badges (approval included) and each action's docs. */
export function GroupActions({ client, info, documented }: GroupActionsProps) {
  return (
    <section aria-labelledby="actions-heading">
      <h3 id="actions-heading">Actions</h3>
      <ul class="actions">
        {info.actions.map((action) => {
          const docsUri = `docs://${action.moduleId}`;
          return (
            <li key={action.action}>
              <p>
                <strong>{action.action}</strong> <code>{action.moduleId}</code>
              </p>
              <Badges badges={action.badges} />
              {documented.has(docsUri) && (
                <details>
                  <summary>Documentation of {action.action}</summary>
                  <DocsPage client={client} uri={docsUri} />
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
