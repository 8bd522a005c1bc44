import { useState } from 'preact/hooks';
import type { CallOutcome } from '../logic/call-outcome.js';
import { viewContentItem } from '../logic/content.js';
import { formatJson } from '../logic/json-schema.js';
import { contentBesideStructured } from '../logic/result-content.js';
import { ContentBlock } from './content-view.js';

/** The call's result: content items, structured content, errors with their codes, the time. */
export function ResultView({ outcome }: { outcome: CallOutcome }) {
  const elapsed = `${Math.round(outcome.elapsedMs)} ms`;
  return (
    <section class="result" aria-label="Result" tabIndex={-1}>
      <h4>
        Result <span class="hint">({elapsed})</span>
      </h4>
      {outcome.kind === 'failure' ? (
        <FailureView outcome={outcome} />
      ) : (
        <CallResult outcome={outcome} />
      )}
    </section>
  );
}

function FailureView({ outcome }: { outcome: Extract<CallOutcome, { kind: 'failure' }> }) {
  const { failure } = outcome;
  if (failure.kind === 'protocol') {
    return (
      <p class="error">
        Protocol error <code>{failure.code}</code>: {failure.message}
      </p>
    );
  }
  return <p class={failure.kind === 'cancelled' ? 'notice' : 'error'}>{failure.message}</p>;
}

function CallResult({ outcome }: { outcome: Extract<CallOutcome, { kind: 'result' }> }) {
  const { result } = outcome;
  const code = result._meta?.['apcore/errorCode'];
  return (
    <>
      {result.isError === true && (
        <p class="error">
          Tool error
          {typeof code === 'string' && (
            <>
              {' '}
              <code>{code}</code>
            </>
          )}
        </p>
      )}
      {contentBesideStructured(result.content, result.structuredContent).map((item, index) => (
        <ContentBlock key={index} view={viewContentItem(item)} />
      ))}
      {result.structuredContent !== undefined && (
        <>
          <h5>Structured content</h5>
          <pre class="content-json">
            <code>{formatJson(result.structuredContent)}</code>
          </pre>
        </>
      )}
      <CopyJson value={result} />
    </>
  );
}

function CopyJson({ value }: { value: unknown }) {
  const [copied, setCopied] = useState<string | undefined>(undefined);
  const copy = () =>
    navigator.clipboard
      .writeText(formatJson(value))
      .then(() => setCopied('Copied.'))
      .catch(() => setCopied('The browser did not allow copying.'));
  return (
    <p class="buttons">
      <button type="button" class="secondary" onClick={() => void copy()}>
        Copy JSON
      </button>
      <span role="status">{copied}</span>
    </p>
  );
}
