import type { NotServedEntry } from '../../page-config.js';
import { describeNotServedKind } from '../logic/not-served.js';

/**
 * The modules and definitions the server was given but does not serve, each with why: nothing
 * when there are none.
 */
export function NotServedView({ entries }: { entries: readonly NotServedEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section class="not-served" aria-labelledby="not-served-heading">
      <h3 id="not-served-heading">Not served ({entries.length})</h3>
      <p class="hint">Clients do not see these; the server log names their files.</p>
      <ul>
        {entries.map((entry) => (
          <li key={`${entry.kind} ${entry.name}`}>
            <span class="item-name">{entry.name}</span>
            {entry.kind !== 'module' && (
              <span class="item-sub"> {describeNotServedKind(entry.kind)}</span>
            )}
            <p class="not-served-reason">{entry.reason}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
