import type { Identity } from '@apcore-mcp/core';
import type { ExecutorLike, Logger } from '@apcore-mcp/core/bridge';
import type { ServedTool, ToolSource } from '../kernel/served-tool.js';
import type { ToolChange } from './tool-table-options.js';

/**
 * An executor that can say, without running anything, whether a top-level call on behalf of an
 * identity would pass its access control (`@apcore-mcp/runtime`'s `Executor` is one). `acl`
 * `null` means it has none: every call passes.
 *
 * @example
 * ```ts
 * const executor: AccessCheckingExecutor = new Executor(registry, { acl: ACL.load('acl.yaml') });
 * executor.canCall('orders.refund', { id: 'ann', roles: ['staff'] });
 * ```
 */
export interface AccessCheckingExecutor {
  /** The executor's ACL; a `revision` property on it tells when its rules changed. */
  readonly acl?: object | null;
  canCall(moduleId: string, identity?: Identity | null): boolean;
}

/**
 * The access check of `executor`, or `undefined` when it has none to ask (no `canCall`, as a
 * foreign executor, or `acl: null`): then every subject sees every tool, at no cost.
 *
 * @example
 * ```ts
 * const check = readAccessCheck(executor);
 * if (check !== undefined) visibility = new ToolVisibility({ executor: check, tools, logger });
 * ```
 */
export function readAccessCheck(executor: ExecutorLike): AccessCheckingExecutor | undefined {
  const candidate = executor as ExecutorLike & Partial<AccessCheckingExecutor>;
  if (typeof candidate.canCall !== 'function') return undefined;
  if ('acl' in candidate && candidate.acl == null) return undefined;
  return candidate as AccessCheckingExecutor;
}

/**
 * The served tools, what {@link ToolVisibility} listens to for changes, and how a grouped tool
 * is narrowed to some of its actions (`ToolTable.narrowGroup`; without it, a group is
 * shown whole to whoever may call any of its actions).
 */
type WatchedTools = ToolSource & {
  onChange(callback: (change: ToolChange) => void): () => void;
  narrowGroup?(served: ServedTool, kept: ReadonlySet<string>): ServedTool;
};

/** Options of {@link ToolVisibility}. */
interface ToolVisibilityOptions {
  executor: AccessCheckingExecutor;
  tools: WatchedTools;
  /** Most subjects whose views are kept (least recently used go first); default 1000. */
  maxSubjects?: number;
  logger: Logger;
}

/** The default bound of the per-subject cache. */
const DEFAULT_MAX_SUBJECTS = 1000;

/**
 * What each subject may see of the served tools: the tools its ACL lets it call, asked of the
 * executor as top-level calls. A subject's view is computed once and cached (least recently used
 * evicted past `maxSubjects`) until the tool table or the ACL's rules change. Only a listing:
 * calls are still refused by the executor's own ACL check.
 *
 * @example
 * ```ts
 * const visibility = new ToolVisibility({ executor, tools: table, logger });
 * visibility.viewFor({ id: 'ann', roles: ['staff'] }).list();
 * ```
 */
export class ToolVisibility {
  readonly #executor: AccessCheckingExecutor;
  readonly #tools: WatchedTools;
  readonly #maxSubjects: number;
  readonly #logger: Logger;
  readonly #views = new Map<string, SubjectView>();
  readonly #unsubscribe: () => void;
  #aclRevision: unknown;

  constructor(options: ToolVisibilityOptions) {
    this.#executor = options.executor;
    this.#tools = options.tools;
    this.#maxSubjects = options.maxSubjects ?? DEFAULT_MAX_SUBJECTS;
    this.#logger = options.logger;
    this.#aclRevision = this.#readAclRevision();
    this.#unsubscribe = this.#tools.onChange(() => this.#views.clear());
  }

  /** The tools `identity` (none: an anonymous caller) may see, as a tool source. */
  viewFor(identity: Identity | undefined): ToolSource {
    this.#dropViewsIfRulesChanged();
    const key = subjectKey(identity);
    let view = this.#views.get(key);
    if (view === undefined) {
      view = this.#buildView(identity);
      if (this.#views.size >= this.#maxSubjects) {
        const oldest = this.#views.keys().next().value;
        if (oldest !== undefined) this.#views.delete(oldest);
      }
    } else {
      // Map order is insertion order: moving a hit to the end keeps the oldest first.
      this.#views.delete(key);
    }
    this.#views.set(key, view);
    return view;
  }

  /** How many subjects' views are cached. */
  get cachedSubjects(): number {
    return this.#views.size;
  }

  /** Stops following the tool table. */
  close(): void {
    this.#unsubscribe();
    this.#views.clear();
  }

  #buildView(identity: Identity | undefined): SubjectView {
    const visible: ServedTool[] = [];
    const moduleIds = new Set<string>();
    for (const served of this.#tools.list()) {
      const shown = this.#shownTo(served, identity);
      if (shown === undefined) continue;
      visible.push(shown);
      moduleIds.add(shown.moduleId);
      for (const { moduleId } of shown.actions?.values() ?? []) moduleIds.add(moduleId);
    }
    return new SubjectView(this.#tools, visible, moduleIds);
  }

  /**
   * A tool as `identity` sees it, `undefined` when hidden. A grouped tool is shown when the
   * caller may run at least one of its actions, narrowed to those: the others' names,
   * descriptions and schemas stay out of its list (and the executor refuses them if called).
   */
  #shownTo(served: ServedTool, identity: Identity | undefined): ServedTool | undefined {
    const { actions } = served;
    if (actions === undefined) return this.#canCall(served.moduleId, identity) ? served : undefined;
    const kept = new Set<string>();
    for (const [action, { moduleId }] of actions) {
      if (this.#canCall(moduleId, identity)) kept.add(action);
    }
    if (kept.size === 0) return undefined;
    return this.#tools.narrowGroup?.(served, kept) ?? served;
  }

  #canCall(moduleId: string, identity: Identity | undefined): boolean {
    try {
      return this.#executor.canCall(moduleId, identity ?? null);
    } catch (error) {
      // An access check that cannot answer hides the tool: listing it could only mislead.
      this.#logger.warn({ err: error, moduleId }, 'Access check failed; tool hidden');
      return false;
    }
  }

  #dropViewsIfRulesChanged(): void {
    const revision = this.#readAclRevision();
    if (revision === this.#aclRevision) return;
    this.#aclRevision = revision;
    this.#views.clear();
  }

  #readAclRevision(): unknown {
    const acl = this.#executor.acl as { revision?: unknown } | null | undefined;
    return acl?.revision;
  }
}

/**
 * What the ACL can tell subjects apart by: id (a rule may name it), type and roles. Roles are
 * sorted so that the same set in another order shares the entry.
 */
function subjectKey(identity: Identity | undefined): string {
  if (identity === undefined) return '';
  const roles = identity.roles === undefined ? [] : [...identity.roles].sort();
  return JSON.stringify([identity.id, identity.type ?? null, roles]);
}

/** One subject's view of the served tools; valid until the table changes (then dropped). */
class SubjectView implements ToolSource {
  readonly #tools: ToolSource;
  readonly #visible: ReadonlyMap<string, ServedTool>;
  readonly #moduleIds: ReadonlySet<string>;

  /** The visible tools' module ids, and those of the callable actions of visible groups. */
  constructor(tools: ToolSource, visible: readonly ServedTool[], moduleIds: ReadonlySet<string>) {
    this.#tools = tools;
    this.#visible = new Map(visible.map((served) => [served.tool.name, served]));
    this.#moduleIds = moduleIds;
  }

  list(): ServedTool[] {
    return [...this.#visible.values()];
  }

  get(name: string): ServedTool | undefined {
    return this.#visible.get(name);
  }

  getByModuleId(moduleId: string): ServedTool | undefined {
    const served = this.#tools.getByModuleId(moduleId);
    return served !== undefined && this.#moduleIds.has(served.moduleId) ? served : undefined;
  }
}
