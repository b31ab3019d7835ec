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

describe('docs/operations.md', () => {
  it('lists every limit with its default, as the config schema sets it', () => {
    const operations = readFileSync('docs/operations.md', 'utf8');
    const limits = configVariables().filter(({ name }) =>
      /^(MAX_|WS_MAX_|CACHE_|EVENT_RETENTION_|APQ_TTL_|MEDIA_|HTTP_.*_TIMEOUT_MS|REDIS_TIMEOUT_MS|UPSTREAM_(TIMEOUT_MS|RETRIES)|CIRCUIT_BREAKER_|BALANCE_RATE_LIMIT_|SHUTDOWN_TIMEOUT_MS)/.test(
        name,
      ),
    );
    expect(limits.length).toBeGreaterThan(30);
    for (const { name, defaultValue } of limits) {
      expect([name, operations.includes(`| \`${name}\` | \`${String(defaultValue)}\` |`)]).toEqual([name, true]);
    }
  });
});
