import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** The error a query gets when PostgreSQL refuses connections (isDatabaseUnavailable knows it). */
export function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

/**
 * Database failures on demand for one Kysely instance (`db.withPlugin(faults)`), at the Kysely level: while
 * `down`, every query fails as a refused connection does; `loseAnswerOf` lets the next statement it matches
 * run (and commit) and then fails it, as a connection cut between the commit and its reply does, and the
 * database is down after it. Statements Kysely sends itself (begin, commit, rollback) are not affected, so a
 * transaction that fails this way is really rolled back.
 */
export class Faults implements KyselyPlugin {
  down = false;
  loseAnswerOf: ((node: RootOperationNode) => boolean) | null = null;
  private readonly lost = new Set<string>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.down) throw refused();
    if (this.loseAnswerOf?.(node)) {
      this.loseAnswerOf = null;
      this.lost.add(queryId.queryId);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.lost.delete(queryId.queryId)) {
      this.down = true;
      throw refused();
    }
    return result;
  }
}

/** Whether a statement writes to `table` (an update, insert or delete naming it). */
export function writesTo(table: string): (node: RootOperationNode) => boolean {
  return (node) =>
    (node.kind === 'UpdateQueryNode' || node.kind === 'InsertQueryNode' || node.kind === 'DeleteQueryNode') &&
    JSON.stringify(node).includes(`"name":"${table}"`);
}
