import type { Client, GetPromptResult, Prompt } from '@modelcontextprotocol/client';
import { useState } from 'preact/hooks';
import { viewContentItem } from '../logic/content.js';
import { describeError } from '../logic/describe-error.js';
import type { JsonSchema } from '../logic/json-schema.js';
import { ContentBlock } from './content-view.js';
import { ItemList } from './item-list.js';
import { SchemaForm } from './schema-form.js';
import { useCompleter } from './use-completions.js';

type Outcome = { kind: 'messages'; result: GetPromptResult } | { kind: 'failed'; message: string };

/** The prompts, their arguments, and `prompts/get` with a small form. */
export function PromptsView({ client, prompts }: { client: Client; prompts: Prompt[] }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const prompt = prompts.find((candidate) => candidate.name === selected);
  return (
    <div class="columns">
      <section class="list-column" aria-labelledby="prompts-heading">
        <h2 id="prompts-heading">Prompts</h2>
        {prompts.length === 0 && <p class="hint">The server lists no prompts.</p>}
        <ItemList
          entries={prompts.map((entry) => ({
            key: entry.name,
            name: entry.name,
            sub: entry.title,
          }))}
          selected={selected}
          onSelect={setSelected}
        />
      </section>
      <div class="detail-column">
        {prompt === undefined ? (
          <p class="placeholder">Choose a prompt to see its arguments and get it.</p>
        ) : (
          <PromptDetail key={prompt.name} client={client} prompt={prompt} />
        )}
      </div>
    </div>
  );
}

function PromptDetail({ client, prompt }: { client: Client; prompt: Prompt }) {
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const args = prompt.arguments ?? [];
  const complete = useCompleter(client, { type: 'ref/prompt', name: prompt.name });
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(
      args.map((argument) => [
        argument.name,
        {
          type: 'string',
          ...(argument.description === undefined ? {} : { description: argument.description }),
        },
      ]),
    ),
    required: args
      .filter((argument) => argument.required === true)
      .map((argument) => argument.name),
  };
  const get = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const result = await client.getPrompt({
        name: prompt.name,
        arguments: values as Record<string, string>,
      });
      setOutcome({ kind: 'messages', result });
    } catch (error) {
      setOutcome({ kind: 'failed', message: describeError(error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <article aria-labelledby="prompt-heading">
      <h2 id="prompt-heading">{prompt.name}</h2>
      {prompt.description !== undefined && <p class="description">{prompt.description}</p>}
      <SchemaForm
        idPrefix="prompt"
        schema={schema}
        submitLabel="Get prompt"
        complete={complete}
        busy={busy}
        rawToggle={false}
        onSubmit={(values) => void get(values)}
      />
      {outcome !== undefined && (
        <section aria-label="Prompt messages" class="result">
          {outcome.kind === 'failed' ? (
            <p class="error">{outcome.message}</p>
          ) : (
            outcome.result.messages.map((message, index) => (
              <div class="message" key={index}>
                <p class="role">{message.role}</p>
                <ContentBlock view={viewContentItem(message.content)} />
              </div>
            ))
          )}
        </section>
      )}
    </article>
  );
}
