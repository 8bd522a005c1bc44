import type { Client } from '@modelcontextprotocol/client';
import { useMemo, useState } from 'preact/hooks';
import type { NotServedEntry } from '../../page-config.js';
import { matchesToolFilter, readToolInfo } from '../logic/tool-info.js';
import type { QuestionQueue } from '../mcp/questions.js';
import { ItemList } from './item-list.js';
import { NotServedView } from './not-served-view.js';
import { ToolDetail } from './tool-detail.js';
import type { LogEntry, ServerLists } from './use-connection.js';

interface ToolsViewProps {
  client: Client;
  lists: ServerLists;
  allowExecute: boolean;
  /** What the server does not serve, listed under the tools. */
  notServed: readonly NotServedEntry[];
  onLog(listener: (entry: LogEntry) => void): () => void;
  /** The server's questions, for the running call to say when it waits for an answer. */
  questions: QuestionQueue;
}

/**
 * The searchable tool list beside (or, on a narrow screen, above) the chosen tool, and what the
 * server does not serve beneath it.
 */
export function ToolsView({
  client,
  lists,
  allowExecute,
  notServed,
  onLog,
  questions,
}: ToolsViewProps) {
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const infos = useMemo(
    () => lists.tools.map((tool) => ({ tool, info: readToolInfo(tool) })),
    [lists.tools],
  );
  const shown = infos.filter(({ info }) => matchesToolFilter(info, filter));
  const chosen = infos.find(({ tool }) => tool.name === selected);
  const documented = useMemo(
    () => new Set(lists.resources.map((resource) => resource.uri)),
    [lists.resources],
  );

  return (
    <div class="columns">
      <section class="list-column" aria-labelledby="tools-heading">
        <h2 id="tools-heading">Tools</h2>
        <label for="tool-filter">Filter tools</label>
        <input
          id="tool-filter"
          type="search"
          value={filter}
          placeholder="name, module id, title or tag"
          onInput={(event) => setFilter(event.currentTarget.value)}
        />
        <p class="hint" aria-live="polite">
          {shown.length} of {infos.length} tools
        </p>
        <ItemList
          entries={shown.map(({ tool, info }) => ({
            key: tool.name,
            name: tool.name,
            sub:
              info.moduleId !== undefined && info.moduleId !== tool.name
                ? info.moduleId
                : undefined,
            badges: info.badges,
          }))}
          selected={selected}
          onSelect={setSelected}
        />
        <NotServedView entries={notServed} />
      </section>
      <div class="detail-column">
        {chosen === undefined ? (
          <p class="placeholder">
            Choose a tool to see its details{allowExecute ? ' and try it' : ''}.
          </p>
        ) : (
          <ToolDetail
            key={chosen.tool.name}
            client={client}
            tool={chosen.tool}
            info={chosen.info}
            documented={documented}
            allowExecute={allowExecute}
            onLog={onLog}
            questions={questions}
          />
        )}
      </div>
    </div>
  );
}
