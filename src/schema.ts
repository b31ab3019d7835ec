import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, type GraphQLSchema } from 'graphql';
import { auditMutations } from './audited-writes.js';
import { enforceScopes } from './identity/scopes.js';
import { projectRoot } from './lib/project-root.js';
import { checkIdArguments } from './id-arguments.js';
import { resolvers } from './resolvers/index.js';

export function loadTypeDefs(): string {
  const directory = join(projectRoot(), 'schema');
  return readdirSync(directory)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(directory, file), 'utf8'))
    .join('\n');
}

let built: GraphQLSchema | undefined;

/**
 * The scope check wraps the resolvers and their arguments' checks: a caller without the field's scopes learns nothing
 * from them. The audit of writes wraps it, so a missing scope is audited as the write's refusal.
 *
 * Built once per process and shared by every gateway in it: the schema depends on nothing but the SDL files and the
 * code, its resolvers read the gateway's services from the context, and a build costs a few hundred ms of CPU (a test
 * file starts up to nine gateways).
 */
export function buildSchema(): GraphQLSchema {
  built ??= auditMutations(enforceScopes(checkIdArguments(buildSubgraphSchema([{ typeDefs: parse(loadTypeDefs()), resolvers: resolvers as never }]))));
  return built;
}
