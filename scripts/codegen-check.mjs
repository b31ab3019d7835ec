// Fails when src/generated/ differs from what `npm run codegen` produces from schema/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const target = 'src/generated/graphql.ts';
const before = readFileSync(target, 'utf8');
execFileSync('npx', ['graphql-codegen', '--config', 'codegen.yml', '--silent'], { stdio: 'inherit' });
const after = readFileSync(target, 'utf8');
if (before !== after) {
  console.error(`codegen: ${target} is stale; run \`npm run codegen\` and commit the result`);
  process.exit(1);
}
console.log('codegen: generated types are up to date');
