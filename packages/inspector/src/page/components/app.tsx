import { useEffect, useMemo, useState } from 'preact/hooks';
import type { InspectorPageConfig } from '../../page-config.js';
import { EventsView } from './events-view.js';
import { Header } from './header.js';
import { PromptsView } from './prompts-view.js';
import { QuestionPanel } from './question-panel.js';
import { ResourcesView } from './resources-view.js';
import { SkillsView, useSkillsClient } from './skills-view.js';
import { TokenForm } from './token-form.js';
import { ToolsView } from './tools-view.js';
import { useConnection } from './use-connection.js';
import { useEventTypes } from './use-event-types.js';
import { useNotServed } from './use-not-served.js';

type Section = 'tools' | 'resources' | 'prompts' | 'skills' | 'events';
const SECTIONS: readonly { id: Section; label: string }[] = [
  { id: 'tools', label: 'Tools' },
  { id: 'resources', label: 'Resources' },
  { id: 'prompts', label: 'Prompts' },
  { id: 'skills', label: 'Skills' },
  { id: 'events', label: 'Events' },
];

/** The whole page: header, token form when needed, the sections, the server's questions. */
export function App({ config }: { config: InspectorPageConfig }) {
  const connection = useConnection(config);
  const { client, status, lists } = connection;
  const notServed = useNotServed(config, lists);
  // The token lives in this variable only: never in storage, a cookie or the URL.
  const [token, setToken] = useState<string | undefined>(undefined);
  const [askingToken, setAskingToken] = useState(config.authRequired);
  const [section, setSection] = useState<Section>('tools');

  useEffect(() => {
    if (!config.authRequired) void connection.connect(undefined);
  }, []);
  useEffect(() => {
    if (status.state === 'failed' && status.failure.kind === 'auth') setAskingToken(true);
  }, [status]);

  const submitToken = (value: string) => {
    setToken(value);
    setAskingToken(false);
    void connection.connect(value);
  };
  const skills = useSkillsClient(client);
  const endpoint = useMemo(() => ({ config, token }), [config, token]);
  const eventTypes = useEventTypes(endpoint, client, lists);
  const counts: Record<Section, number | undefined> = {
    tools: lists.tools.length,
    resources: lists.resources.length + lists.templates.length,
    prompts: lists.prompts.length,
    skills: undefined, // known once listed, in the section itself
    events: eventTypes.length,
  };
  // Skills only when the server declares the extension; events only when it has types.
  const sections = SECTIONS.filter(
    ({ id }) =>
      (id !== 'skills' || skills !== undefined) && (id !== 'events' || eventTypes.length > 0),
  );

  return (
    <>
      <Header
        config={config}
        client={client}
        status={status}
        onReconnect={() => void connection.connect(token)}
        onChangeToken={config.authRequired ? () => setAskingToken(true) : undefined}
      />
      <main id="main">
        {askingToken && (
          <TokenForm
            failure={status.state === 'failed' ? status.failure : undefined}
            onSubmit={submitToken}
          />
        )}
        <QuestionPanel questions={connection.questions} />
        {client !== undefined && (
          <>
            <nav class="sections" aria-label="Sections">
              {sections.map(({ id, label }) => (
                <button
                  type="button"
                  key={id}
                  aria-current={section === id ? 'page' : undefined}
                  onClick={() => setSection(id)}
                >
                  {label}
                  {counts[id] !== undefined && <span class="count"> ({counts[id]})</span>}
                </button>
              ))}
            </nav>
            {section === 'tools' && (
              <ToolsView
                client={client}
                lists={lists}
                allowExecute={config.allowExecute}
                notServed={notServed}
                onLog={connection.onLog}
                questions={connection.questions}
              />
            )}
            {section === 'resources' && <ResourcesView client={client} lists={lists} />}
            {section === 'prompts' && <PromptsView client={client} prompts={lists.prompts} />}
            {section === 'skills' && skills !== undefined && (
              <SkillsView skills={skills} lists={lists} />
            )}
            {section === 'events' && eventTypes.length > 0 && (
              <EventsView endpoint={endpoint} types={eventTypes} />
            )}
          </>
        )}
      </main>
    </>
  );
}
