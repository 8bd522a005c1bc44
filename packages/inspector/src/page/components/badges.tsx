/** A tool's or action's badges (read-only, destructive, requires approval, ...). */
export function Badges({ badges }: { badges: readonly string[] }) {
  if (badges.length === 0) return null;
  return (
    <ul class="badges">
      {badges.map((badge) => (
        <li key={badge} class={`badge badge-${badge.split(/[ :]/)[0]}`}>
          {badge}
        </li>
      ))}
    </ul>
  );
}
