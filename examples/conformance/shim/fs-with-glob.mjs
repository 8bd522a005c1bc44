// node:fs plus globSync (Node 22), for the conformance suite, which is written for Node 22, on
// Node 20. Patterns: `*`, `**` and `?`, relative to `cwd`, or an absolute path.
import fs from 'node:fs';
import path from 'node:path';

export * from 'node:fs';
export default fs;

function toRegExp(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
      if (pattern[i + 1] === '/') i++;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

export function globSync(patterns, options = {}) {
  const cwd = options.cwd ? String(options.cwd) : process.cwd();
  const list = Array.isArray(patterns) ? patterns : [patterns];
  const entries = fs
    .readdirSync(cwd, { recursive: true })
    .map((entry) => String(entry).split(path.sep).join('/'));
  const found = new Set();
  for (const pattern of list) {
    if (path.isAbsolute(pattern)) {
      if (fs.existsSync(pattern)) found.add(pattern);
      continue;
    }
    const regexp = toRegExp(pattern);
    for (const entry of entries) if (regexp.test(entry)) found.add(entry);
  }
  return [...found];
}
