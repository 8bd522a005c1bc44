import type { Client } from '@modelcontextprotocol/client';
import { type Skill, SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { describeError } from '../logic/describe-error.js';
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

type Manifest =
  | { state: 'loading' }
  | { state: 'read'; body: string }
  | { state: 'failed'; message: string };

function SkillDetail({ skills, skill }: { skills: SkillsClient; skill: Skill }) {
  const [manifest, setManifest] = useState<Manifest>({ state: 'loading' });
  useEffect(() => {
    skills.read(skill).then(
      (file) => setManifest({ state: 'read', body: file.body ?? file.text ?? '' }),
      (error: unknown) => setManifest({ state: 'failed', message: describeError(error).message }),
    );
  }, [skills, skill]);
  const tools = skill._meta?.['apcore/tools'];
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
        <dt>Files</dt>
        <dd>
          {skill.resources === 'dynamic'
            ? 'listed by the server on request'
            : files
                .map(
                  (file) => `${file.uri.slice(file.uri.lastIndexOf('/') + 1)} (${file.size} bytes)`,
                )
                .join(', ')}
        </dd>
      </dl>
      <h3>SKILL.md</h3>
      {manifest.state === 'loading' && <p class="hint">Reading…</p>}
      {manifest.state === 'failed' && <p class="error">{manifest.message}</p>}
      {manifest.state === 'read' && <Markdown text={manifest.body} />}
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
