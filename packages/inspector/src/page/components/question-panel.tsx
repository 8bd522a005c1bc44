import { useEffect, useReducer, useRef } from 'preact/hooks';
import type { JsonSchema } from '../logic/json-schema.js';
import type { QuestionQueue } from '../mcp/questions.js';
import { SchemaForm } from './schema-form.js';

/**
 * The server's question (an approval or an `elicit()`), as a form generated from its
 * requested schema: Accept sends the answer, Decline says no, Dismiss cancels (elicitation's
 * `cancel`: no answer given); the call then resumes.
 */
export function QuestionPanel({ questions }: { questions: QuestionQueue }) {
  const [, update] = useReducer((count: number, _: undefined) => count + 1, 0);
  useEffect(() => questions.subscribe(() => update(undefined)), [questions]);
  const question = questions.current();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, [question]);
  if (question === undefined) return null;
  const params = question.params;
  const schema = ('requestedSchema' in params ? params.requestedSchema : undefined) as
    | JsonSchema
    | undefined;
  return (
    <section class="panel question" aria-labelledby="question-heading">
      <h2 id="question-heading" ref={heading} tabIndex={-1}>
        The server asks
      </h2>
      <p class="question-message">{params.message}</p>
      <SchemaForm
        key={question}
        idPrefix="question"
        schema={schema ?? { type: 'object', properties: {} }}
        submitLabel="Accept"
        rawToggle={false}
        labelByTitle
        emptyHint={null}
        onSubmit={(content) =>
          question.answer({ action: 'accept', content: content as Record<string, string> })
        }
      >
        <button
          type="button"
          class="secondary"
          onClick={() => question.answer({ action: 'decline' })}
        >
          Decline
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => question.answer({ action: 'cancel' })}
        >
          Dismiss
        </button>
      </SchemaForm>
    </section>
  );
}
