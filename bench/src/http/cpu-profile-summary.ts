/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) a summary reads. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** One row of a summary: a function or an area, and the share of the sampled time it took. */
export interface ProfileRow {
  name: string;
  selfMs: number;
  /** Time with this function (or area) anywhere on the stack, each sample counted once. */
  totalMs: number;
}

/** The summary {@link summarizeCpuProfile} returns. */
export interface ProfileSummary {
  /** Sampled time, idle excluded. */
  busyMs: number;
  functions: ProfileRow[];
  areas: ProfileRow[];
}

/** Where a frame's code comes from, coarse enough to read at a glance. */
function areaOf(url: string, functionName: string): string {
  if (url === '') return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  if (url.startsWith('node:')) return url.split('/')[0] ?? url;
  const scoped = /node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)\//.exec(url.replace(/.*\.pnpm\//, ''));
  if (scoped?.[1] !== undefined) return scoped[1];
  const ours = /packages\/([^/]+)\/dist\/(.*)$/.exec(url);
  if (ours?.[1] !== undefined && ours[2] !== undefined) {
    const folder = ours[2].includes('/') ? ours[2].split('/')[0] : ours[2];
    return `@apcore-mcp/${ours[1]} ${folder}`;
  }
  return url;
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '');
}

/** Adds `ms` to `row` of `table`, creating it; self and total separately. */
function add(
  table: Map<string, ProfileRow>,
  name: string,
  key: 'selfMs' | 'totalMs',
  ms: number,
): void {
  const row = table.get(name) ?? { name, selfMs: 0, totalMs: 0 };
  row[key] += ms;
  table.set(name, row);
}

/**
 * Self and total time per function and per area (a package, a folder of ours, Node's internals,
 * the garbage collector), from a `--cpu-prof` profile, idle time left out; sorted by self time.
 *
 * @example
 * ```ts
 * const summary = summarizeCpuProfile(JSON.parse(readFileSync(file, 'utf8')));
 * ```
 */
export function summarizeCpuProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const functions = new Map<string, ProfileRow>();
  const areas = new Map<string, ProfileRow>();
  let busyMs = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const node = byId.get(id);
    if (node === undefined || node.callFrame.functionName === '(idle)') return;
    busyMs += ms;
    const seenFunctions = new Set<string>();
    const seenAreas = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame === undefined || frame.functionName === '(root)') continue;
      const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
      const area = areaOf(frame.url, frame.functionName);
      if (at === id) {
        add(functions, name, 'selfMs', ms);
        add(areas, area, 'selfMs', ms);
      }
      if (!seenFunctions.has(name)) add(functions, name, 'totalMs', ms);
      if (!seenAreas.has(area)) add(areas, area, 'totalMs', ms);
      seenFunctions.add(name);
      seenAreas.add(area);
    }
  });
  const bySelf = (a: ProfileRow, b: ProfileRow) => b.selfMs - a.selfMs;
  return {
    busyMs,
    functions: [...functions.values()].sort(bySelf),
    areas: [...areas.values()].sort(bySelf),
  };
}

/**
 * The summary as text: the busy time, then the `top` areas and functions by self time, each with
 * its share of the busy time and its total (inclusive) time.
 *
 * @example
 * ```ts
 * console.log(formatProfileSummary(summary, 40));
 * ```
 */
export function formatProfileSummary(summary: ProfileSummary, top: number): string {
  const percent = (ms: number) => `${((100 * ms) / summary.busyMs).toFixed(1).padStart(5)}%`;
  const rows = (list: ProfileRow[]) =>
    list
      .slice(0, top)
      .map(
        (row) =>
          `${row.selfMs.toFixed(0).padStart(7)} ms ${percent(row.selfMs)}  total ${percent(row.totalMs)}  ${row.name}`,
      );
  return [
    `busy ${summary.busyMs.toFixed(0)} ms (idle excluded)`,
    '',
    'by area (self time):',
    ...rows(summary.areas),
    '',
    'by function (self time):',
    ...rows(summary.functions),
  ].join('\n');
}
