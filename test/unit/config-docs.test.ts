import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { configVariables } from '../../src/config.js';
import { CONFIG_DOC_PATH, committedConfigTables, renderConfigTables } from '../../scripts/config-docs.js';

describe('docs/configuration.md', () => {
  it('holds the variables tables generated from the config schema', () => {
    const committed = committedConfigTables(readFileSync(CONFIG_DOC_PATH, 'utf8'));
    const generated = renderConfigTables();
    if (committed !== generated) {
      throw new Error(`${CONFIG_DOC_PATH} is stale or lacks its generated block: run \`npm run docs:config\` and commit the result`);
    }
  });

  it('describes every variable, once, with a default', () => {
    const generated = renderConfigTables();
    for (const { name, doc } of configVariables()) {
      expect([name, doc.description.trim()]).not.toEqual([name, '']);
      expect([name, generated.split(`| \`${name}\` |`).length - 1]).toEqual([name, 1]);
    }
    for (const row of generated.split('\n').filter((line) => line.startsWith('| `'))) {
      expect(row.split(' | ').at(-1)).not.toMatch(/^\s*\|?$/);
    }
  });
});
