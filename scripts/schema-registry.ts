// `npm run schema:print | schema:check | schema:accept`: the subgraph SDL exactly as `{ _service { sdl } }`
// serves it, and the breaking-change guard that compares it with the committed baseline of the released
// public schema (baseline/schema.graphql, outside schema/ so codegen, the schema lint and the contract
// check never read it). docs/federation.md explains when to accept a change.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { execute, parse, type GraphQLSchema } from 'graphql';
import { loadTypeDefs } from '../src/schema.js';

/** Relative to the repository root, where npm and jest run. */
export const BASELINE_PATH = 'baseline/schema.graphql';
/** Where `schema:print` writes unless given a path: build output, never committed. */
export const PRINT_PATH = 'dist/hubgraph.graphql';

function subgraphSchema(sdl: string): GraphQLSchema {
  return buildSubgraphSchema({ typeDefs: parse(sdl) });
}

/** What `_service { sdl }` answers for these type definitions (asked of the built subgraph, not re-printed here). */
export function subgraphSdl(typeDefs: string = loadTypeDefs()): string {
  const result = execute({ schema: subgraphSchema(typeDefs), document: parse('{ _service { sdl } }') }) as { data?: { _service: { sdl: string } } };
  if (!result.data) throw new Error('the subgraph did not answer _service { sdl }');
  return `${result.data._service.sdl}\n`;
}

export interface SchemaCheck {
  breaking: string[];
  dangerous: string[];
  /** Additions, descriptions and other changes no client can notice as a break. */
  safeCount: number;
}

/** Every change from the baseline to the current SDL, one line each, by criticality (graphql-inspector's rules). */
export async function checkSchema(baselineSdl: string, currentSdl: string): Promise<SchemaCheck> {
  const changes = await diff(subgraphSchema(baselineSdl), subgraphSchema(currentSdl));
  const lines = (level: CriticalityLevel) =>
    changes.filter((change) => change.criticality.level === level).map((change) => (change.path ? `${change.path}: ${change.message}` : change.message));
  return { breaking: lines(CriticalityLevel.Breaking), dangerous: lines(CriticalityLevel.Dangerous), safeCount: lines(CriticalityLevel.NonBreaking).length };
}

/** The check's report and exit code: 1 when anything breaks, dangerous changes listed either way. */
export function reportSchemaCheck({ breaking, dangerous, safeCount }: SchemaCheck): { exitCode: number; lines: string[] } {
  const lines = [
    ...breaking.map((line) => `BREAKING  ${line}`),
    ...dangerous.map((line) => `DANGEROUS ${line}`),
    `schema:check: ${breaking.length} breaking, ${dangerous.length} dangerous, ${safeCount} safe change(s) from ${BASELINE_PATH}`,
  ];
  if (breaking.length > 0)
    lines.push('A client relying on the released schema would break. Keep the old field or argument; if the break is agreed, run `npm run schema:accept`.');
  return { exitCode: breaking.length > 0 ? 1 : 0, lines };
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

async function main(command: string | undefined, path: string | undefined): Promise<number> {
  switch (command) {
    case 'print':
      write(path ?? PRINT_PATH, subgraphSdl());
      console.log(`schema:print: wrote the subgraph SDL to ${path ?? PRINT_PATH}`);
      return 0;
    case 'accept':
      write(BASELINE_PATH, subgraphSdl());
      console.log(`schema:accept: ${BASELINE_PATH} now holds the current schema; commit it with the change`);
      return 0;
    case 'check': {
      let baseline: string;
      try {
        baseline = readFileSync(BASELINE_PATH, 'utf8');
      } catch {
        console.error(`schema:check: no ${BASELINE_PATH}; run \`npm run schema:accept\` once and commit it`);
        return 2;
      }
      const { exitCode, lines } = reportSchemaCheck(await checkSchema(baseline, subgraphSdl()));
      for (const line of lines) (exitCode === 0 ? console.log : console.error)(line);
      return exitCode;
    }
    default:
      console.error('usage: schema-registry.js print [path] | check | accept');
      return 2;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv[2], process.argv[3]);
