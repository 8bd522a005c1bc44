import type { McpClientHandle, PlainJson } from '@apcore-mcp/test-support/clients';

/** A skill entry as `skills/list` and `skills/get` carry it. */
export type SkillEntry = {
  uri: string;
  frontmatter: Record<string, unknown>;
  resources: { uri: string; digest: string; size: number }[];
  _meta?: Record<string, unknown>;
};

/** Every skill `skills/list` shows, page after page (bounded). */
export async function listAllSkills(
  client: McpClientHandle,
): Promise<{ uris: string[]; pages: number }> {
  const skills: SkillEntry[] = [];
  let cursor: string | undefined;
  for (let pages = 1; pages <= 10; pages += 1) {
    const page = await client.request('skills/list', cursor === undefined ? {} : { cursor });
    skills.push(...(page.skills as SkillEntry[]));
    cursor = page.nextCursor as string | undefined;
    if (cursor === undefined) return { uris: skills.map((skill) => skill.uri), pages };
  }
  throw new Error('skills/list never ended');
}

/** Every child `resources/directory/read` shows of `uri`, page after page (bounded). */
export async function readWholeDirectory(
  client: McpClientHandle,
  uri: string,
): Promise<PlainJson[]> {
  const children: PlainJson[] = [];
  let cursor: string | undefined;
  for (let pages = 1; pages <= 10; pages += 1) {
    const page = await client.request('resources/directory/read', {
      uri,
      ...(cursor === undefined ? {} : { cursor }),
    });
    children.push(...(page.resources as PlainJson[]));
    cursor = page.nextCursor as string | undefined;
    if (cursor === undefined) return children;
  }
  throw new Error('resources/directory/read never ended');
}

export async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: number; message: string }> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error as { code: number; message: string },
  );
}
