import type { Client, Tool } from '@modelcontextprotocol/client';
import { useEffect, useRef } from 'preact/hooks';
import type { ToolInfo } from '../logic/tool-info.js';
import type { QuestionQueue } from '../mcp/questions.js';
import { Badges } from './badges.js';
import { DocsPage } from './docs-page.js';
import { GroupActions } from './group-actions.js';
import { JsonBlock } from './json-block.js';
import { RunPanel } from './run-panel.js';
import type { LogEntry } from './use-connection.js';

interface ToolDetailProps {
  client: Client;
  tool: Tool;
  info: ToolInfo;
  /** The URIs of the resources the server lists (which `docs://` pages exist). */
  documented: ReadonlySet<string>;
  allowExecute: boolean;
  onLog(listener: (entry: LogEntry) => void): () => void;
  questions: QuestionQueue;
}

/** Everything about one tool, then the form to try it (or the read-only notice). */
export function ToolDetail({
  client,
  tool,
  info,
  documented,
  allowExecute,
  onLog,
  questions,
}: ToolDetailProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const docsUri = info.moduleId === undefined ? undefined : `docs://${info.moduleId}`;
  return (
    <article class="tool-detail" aria-labelledby="tool-heading">
      <h2 id="tool-heading" ref={heading} tabIndex={-1}>
        {tool.name}
      </h2>
      <Badges badges={info.badges} />
      {info.description !== undefined && <p class="description">{info.description}</p>}
      <dl class="properties">
        {property('Module id', info.moduleId)}
        {property('Title', info.title)}
        {property('Version', info.version)}
        {property('Tags', info.tags.length > 0 ? info.tags.join(', ') : undefined)}
        {property('Group', info.group)}
        {property('UI resource', info.uiResourceUri)}
      </dl>
      {tool.annotations !== undefined && (
        <JsonBlock summary="Annotations" value={tool.annotations} />
      )}
      <JsonBlock summary="Input schema" value={tool.inputSchema} />
      {tool.outputSchema !== undefined && (
        <JsonBlock summary="Output schema" value={tool.outputSchema} />
      )}
      {info.actions.length > 0 && (
        <GroupActions client={client} info={info} documented={documented} />
      )}
      {docsUri !== undefined && documented.has(docsUri) && (
        <section aria-labelledby="docs-heading">
          <h3 id="docs-heading">Documentation</h3>
          <DocsPage client={client} uri={docsUri} />
        </section>
      )}
      {allowExecute ? (
        <RunPanel client={client} tool={tool} onLog={onLog} questions={questions} />
      ) : (
        <p class="notice" role="note">
          read-only: this server does not let the inspector run tools. Start it with
          <code> --inspector-allow-execute</code> (or{' '}
          <code>inspector: {'{ allowExecute: true }'}</code>) to try calls here.
        </p>
      )}
    </article>
  );
}

function property(name: string, value: string | undefined) {
  if (value === undefined) return null;
  return (
    <div>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </div>
  );
}
