/** One entry of a section's list: what it is called, and what is shown beneath the name. */
export interface ListEntry {
  key: string;
  name: string;
  /** A second line: a module id, a title, a description. */
  sub?: string | undefined;
  /** A third line: the entry's badges, joined. */
  badges?: readonly string[] | undefined;
}

/**
 * The list of a section (tools, prompts, skills): one button per entry, the chosen one marked
 * with `aria-current`.
 */
export function ItemList({
  entries,
  selected,
  onSelect,
}: {
  entries: readonly ListEntry[];
  selected: string | undefined;
  onSelect(key: string): void;
}) {
  return (
    <ul class="item-list">
      {entries.map((entry) => (
        <li key={entry.key}>
          <button
            type="button"
            class="item"
            aria-current={entry.key === selected ? 'true' : undefined}
            onClick={() => onSelect(entry.key)}
          >
            <span class="item-name">{entry.name}</span>
            {entry.sub !== undefined && <span class="item-sub"> {entry.sub}</span>}
            {entry.badges !== undefined && entry.badges.length > 0 && (
              <span class="item-badges"> {entry.badges.join(' · ')}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
