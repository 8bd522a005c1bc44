import { formatJson } from '../logic/json-schema.js';

interface JsonBlockProps {
  summary: string;
  value: unknown;
  open?: boolean;
}

/** Pretty JSON under a summary the user opens and closes (keyboard included: it is <details>). */
export function JsonBlock({ summary, value, open = false }: JsonBlockProps) {
  return (
    <details class="json-block" open={open}>
      <summary>{summary}</summary>
      <pre>
        <code>{formatJson(value)}</code>
      </pre>
    </details>
  );
}
