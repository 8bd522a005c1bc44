import type { RefObject } from 'preact';
import { fieldId } from '../logic/validate.js';
import type { SummaryEntry } from './use-schema-form.js';

interface ValidationSummaryProps {
  idPrefix: string;
  entries: readonly SummaryEntry[];
  /** Focused after a refused submit, so a screen reader reads the problems. */
  summaryRef: RefObject<HTMLDivElement | null>;
}

/** The problems found before sending, each a link that moves focus to its field. */
export function ValidationSummary({ idPrefix, entries, summaryRef }: ValidationSummaryProps) {
  if (entries.length === 0) return null;
  const focus = (event: Event, pointer: string) => {
    event.preventDefault();
    const target = document.getElementById(fieldId(idPrefix, pointer));
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
  };
  return (
    <div
      class="validation-summary"
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${idPrefix}-summary`}
    >
      <h4 id={`${idPrefix}-summary`}>
        Nothing was sent: fix{' '}
        {entries.length === 1 ? 'this problem' : `these ${entries.length} problems`}
      </h4>
      <ul>
        {entries.map((entry) => {
          const text = `${entry.pointer === '' ? '' : `${entry.pointer.slice(1)}: `}${entry.message}`;
          return (
            <li key={`${entry.pointer}\n${entry.message}`}>
              {entry.fieldPointer === undefined ? (
                text
              ) : (
                <a
                  href={`#${fieldId(idPrefix, entry.fieldPointer)}`}
                  onClick={(event) => focus(event, entry.fieldPointer ?? '')}
                >
                  {text}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
