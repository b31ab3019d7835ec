import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, type GraphQLSchema } from 'graphql';
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

/** The scope check wraps outermost: a caller without the field's scopes learns nothing from its arguments' checks. */
export function buildSchema(): GraphQLSchema {
  return enforceScopes(checkIdArguments(buildSubgraphSchema([{ typeDefs: parse(loadTypeDefs()), resolvers: resolvers as never }])));
}
