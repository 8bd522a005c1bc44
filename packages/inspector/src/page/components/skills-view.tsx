import type { Client } from '@modelcontextprotocol/client';
import { type Skill, SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { describeError } from '../logic/describe-error.js';
import { resolveBeside } from '../logic/skill-paths.js';
import { ItemList } from './item-list.js';
import { Markdown } from './markdown.js';
import type { ServerLists } from './use-connection.js';

type Listing =
  | { state: 'loading' }
  | { state: 'ready'; skills: Skill[] }
  | { state: 'failed'; message: string };

/**
 * The skills the server offers this caller (the MCP skills extension), each with the tools it
 * names and its `SKILL.md`, read and verified (size and digest) as an agent reads it.
 */
export function SkillsView({ skills, lists }: { skills: SkillsClient; lists: ServerLists }) {
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [selected, setSelected] = useState<string | undefined>(undefined);
  // A change of the skills reaches clients as a change of the resources: list them again then.
  useEffect(() => {
    let current = true;
    skills.list().then(
      ({ skills: found }) => current && setListing({ state: 'ready', skills: found }),
      (error: unknown) =>
        current && setListing({ state: 'failed', message: describeError(error).message }),
    );
    return () => {
      current = false;
    };
  }, [skills, lists.resources]);
  const found = listing.state === 'ready' ? listing.skills : [];
  const chosen = found.find((skill) => skill.uri === selected);
  return (
    <div class="columns">
      <section class="list-column" aria-labelledby="skills-heading">
        <h2 id="skills-heading">Skills</h2>
        {listing.state === 'loading' && <p class="hint">Listing the skills…</p>}
        {listing.state === 'failed' && <p class="error">{listing.message}</p>}
        {listing.state === 'ready' && found.length === 0 && (
          <p class="hint">The server offers this caller no skills.</p>
        )}
        <ItemList
          entries={found.map((skill) => ({
            key: skill.uri,
            name: skill.frontmatter.name,
            sub: skill.frontmatter.description,
          }))}
          selected={selected}
          onSelect={setSelected}
        />
      </section>
      <div class="detail-column">
        {chosen === undefined ? (
          <p class="placeholder">Choose a skill to read its SKILL.md.</p>
        ) : (
          <SkillDetail key={chosen.uri} skills={skills} skill={chosen} />
        )}
      </div>
    </div>
  );
}

type Opened =
  | { state: 'loading' }
  | { state: 'read'; text: string }
  | { state: 'failed'; message: string };

function SkillDetail({ skills, skill }: { skills: SkillsClient; skill: Skill }) {
  // Which file of the skill is shown: its `SKILL.md` (undefined), or one beside it.
  const [file, setFile] = useState<string | undefined>(undefined);
  const [opened, setOpened] = useState<Opened>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setOpened({ state: 'loading' });
    skills.read(skill, file).then(
      (read) => current && setOpened({ state: 'read', text: read.body ?? read.text ?? '' }),
      (error: unknown) =>
        current && setOpened({ state: 'failed', message: describeError(error).message }),
    );
    return () => {
      current = false;
    };
  }, [skills, skill, file]);
  const tools = skill._meta?.['apcore/tools'];
  const root = skill.uri.slice(0, skill.uri.lastIndexOf('/') + 1);
  const files = skill.resources === 'dynamic' ? [] : skill.resources;
  return (
    <article aria-labelledby="skill-heading">
      <h2 id="skill-heading">{skill.frontmatter.name}</h2>
      <p class="description">{skill.frontmatter.description}</p>
      <dl class="properties">
        <dt>URI</dt>
        <dd>
          <code>{skill.uri}</code>
        </dd>
        {Array.isArray(tools) && tools.length > 0 && (
          <>
            <dt>Tools</dt>
            <dd>{tools.map(String).join(', ')}</dd>
          </>
        )}
      </dl>
      <h3>Files</h3>
      {skill.resources === 'dynamic' ? (
        <p class="hint">The server lists this skill's files on request.</p>
      ) : (
        <ul class="files">
          {files.map(({ uri, size }) => {
            const path = uri.startsWith(root) ? uri.slice(root.length) : uri;
            const shown = (file ?? 'SKILL.md') === path;
            return (
              <li key={uri}>
                <button
                  type="button"
                  class="secondary"
                  aria-pressed={shown}
                  onClick={() => setFile(path === 'SKILL.md' ? undefined : path)}
                >
                  {path}
                </button>{' '}
                <span class="hint">{size} bytes</span>
              </li>
            );
          })}
        </ul>
      )}
      <h3>{file ?? 'SKILL.md'}</h3>
      {opened.state === 'loading' && <p class="hint">Reading…</p>}
      {opened.state === 'failed' && <p class="error">{opened.message}</p>}
      {opened.state === 'read' && (
        <Markdown
          text={opened.text}
          onRelativeLink={(href) => setFile(resolveBeside(file, href))}
        />
      )}
    </article>
  );
}

/**
 * The skills side of a connection: a {@link SkillsClient} when the server declares the
 * extension (the section is shown), otherwise `undefined`.
 *
 * @example
 * ```ts
 * const skills = useSkillsClient(client);
 * ```
 */
export function useSkillsClient(client: Client | undefined): SkillsClient | undefined {
  return useMemo(() => {
    if (client === undefined) return undefined;
    const skills = new SkillsClient(client);
    return skills.supported ? skills : undefined;
  }, [client]);
}
