import { type Client, UriTemplate } from '@modelcontextprotocol/client';
import { useState } from 'preact/hooks';
import type { JsonSchema } from '../logic/json-schema.js';
import { filledValues, templateVariables } from '../logic/template-variables.js';
import { ItemList } from './item-list.js';
import { ResourceReadView } from './resource-read-view.js';
import { SchemaForm } from './schema-form.js';
import { useCompleter } from './use-completions.js';
import type { ServerLists } from './use-connection.js';
import { type ResourceRead, readResourceViews } from './use-resource.js';

/** Resources (read one) and resource templates (fill their variables, then read). */
export function ResourcesView({ client, lists }: { client: Client; lists: ServerLists }) {
  const [read, setRead] = useState<{ uri: string; read: ResourceRead } | undefined>(undefined);
  const readUri = (uri: string) => {
    setRead({ uri, read: { state: 'loading' } });
    void readResourceViews(client, uri).then((result) =>
      setRead((current) => (current?.uri === uri ? { uri, read: result } : current)),
    );
  };
  return (
    <div class="columns">
      <section class="list-column" aria-labelledby="resources-heading">
        <h2 id="resources-heading">Resources</h2>
        {lists.resources.length === 0 && <p class="hint">The server lists no resources.</p>}
        <ItemList
          entries={lists.resources.map((resource) => ({
            key: resource.uri,
            name: resource.uri,
            sub: `${resource.title ?? resource.name}${resource.mimeType === undefined ? '' : ` · ${resource.mimeType}`}`,
          }))}
          selected={read?.uri}
          onSelect={readUri}
        />
        <h2>Resource templates</h2>
        {lists.templates.length === 0 && (
          <p class="hint">The server lists no resource templates.</p>
        )}
        {lists.templates.map((template) => (
          <TemplateForm
            key={template.uriTemplate}
            client={client}
            template={template}
            onRead={readUri}
          />
        ))}
      </section>
      <section class="detail-column" aria-label="Resource contents" aria-live="polite">
        {read === undefined ? (
          <p class="placeholder">Choose a resource to read it.</p>
        ) : (
          <>
            <h2>{read.uri}</h2>
            <ResourceReadView read={read.read} />
          </>
        )}
      </section>
    </div>
  );
}

interface TemplateFormProps {
  client: Client;
  template: ServerLists['templates'][number];
  onRead(uri: string): void;
}

function TemplateForm({ client, template, onRead }: TemplateFormProps) {
  const uriTemplate = new UriTemplate(template.uriTemplate);
  const complete = useCompleter(client, { type: 'ref/resource', uri: template.uriTemplate });
  const variables = templateVariables(template.uriTemplate, uriTemplate.variableNames);
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(
      variables.names.map((name) => [
        name,
        variables.required.includes(name) ? { type: 'string', minLength: 1 } : { type: 'string' },
      ]),
    ),
    required: [...variables.required],
  };
  const prefix = `template-${template.name.replace(/[^\w-]/g, '_')}`;
  return (
    <article class="template" aria-labelledby={`${prefix}-heading`}>
      <h3 id={`${prefix}-heading`}>{template.title ?? template.name}</h3>
      <p>
        <code>{template.uriTemplate}</code>
        {template.description !== undefined && ` — ${template.description}`}
      </p>
      <SchemaForm
        idPrefix={prefix}
        schema={schema}
        submitLabel="Read"
        complete={complete}
        rawToggle={false}
        onSubmit={(values) => onRead(uriTemplate.expand(filledValues(values)))}
      />
    </article>
  );
}
