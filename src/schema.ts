import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, type GraphQLSchema } from 'graphql';
import { checkIdArguments } from './resolvers/id-arguments.js';
import { resolvers } from './resolvers/index.js';

/** `schema/` at the project root, whether running from src/ (tests) or dist/src/ (npm start). */
function schemaDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, 'schema')) || !existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error('schema/ directory not found');
    directory = parent;
  }
  return join(directory, 'schema');
}

export function loadTypeDefs(): string {
  const directory = schemaDirectory();
  return readdirSync(directory)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(directory, file), 'utf8'))
    .join('\n');
}

export function buildSchema(): GraphQLSchema {
  return checkIdArguments(buildSubgraphSchema([{ typeDefs: parse(loadTypeDefs()), resolvers: resolvers as never }]));
}
