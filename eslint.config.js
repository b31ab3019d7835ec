// One lint toolchain: typescript-eslint (type-checked) over the TypeScript, import-x for the layer
// and cycle rules, eslint-plugin-jest for the tests, @graphql-eslint over the schema; Prettier formats
// (eslint-config-prettier turns off the rules that would fight it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jest from 'eslint-plugin-jest';
import graphql from '@graphql-eslint/eslint-plugin';
import { sharedNamesAgree } from './lint/shared-names-agree.js';

/** The layer below resolvers: upstream clients, shared state, webhook events, area-B rules and caller identity. */
const MIDDLE_LAYER = ['./src/datasources', './src/store', './src/events', './src/messaging', './src/identity'];
/**
 * The subgraph schema: SDL and resolvers (schema.ts), the check of every id argument it wraps each field in, and the
 * note of how each mutation field's write ended it wraps those in.
 */
const SCHEMA = ['./src/schema.ts', './src/id-arguments.ts', './src/audited-writes.ts'];
/** What wires the middle layer together and everything above it. */
const ABOVE_MIDDLE_LAYER = ['./src/services.ts', './src/context.ts', './src/resolvers', ...SCHEMA, './src/http', './src/main.ts'];

/**
 * An upstream endpoint code ("A3", "B4 (...)", an area "B:" or "C (…)") may close a description in parentheses, never
 * open it; the article "A" opening a sentence ("A person signed in …") is no code.
 */
const OPENS_WITH_ENDPOINT_CODE = '/^[ABC](\\d{1,2}(\\b|[.:(\\s])|[.:(]|\\s*\\(|$)/';

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'reports/**', '.stryker-tmp/**', 'node_modules/**', 'src/generated/**', 'examples/inbox/**'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked, prettier],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })], 'import-x/extensions': ['.ts', '.js'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Which folder may import which. Every zone is in this one list: a later config object setting the rule
      // again would replace it for its files, not add to it.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './simulator',
              from: './src',
              message: 'The simulator is an upstream of its own, written from the interface: it imports nothing of the gateway.',
            },
            {
              // Every gateway module but the one that starts the embedded simulator (embedded-simulator.ts, for main.ts).
              target: './src/{!(embedded-simulator).ts,*/**/*.ts}',
              from: './simulator',
              message: 'The gateway only starts the simulator (embedded-simulator.ts) and reads what its start answers; nothing else of it.',
            },
            // The layers of docs/architecture.md, bottom to top: each imports only the ones below it. A zone
            // names the files (target) that must not import the paths above them (from).
            { target: './src/lib', from: './src', except: ['./lib'], message: 'src/lib/ imports nothing of the project.' },
            {
              target: ['./src/errors.ts', './src/config.ts'],
              from: './src',
              except: ['./lib', './errors.ts', './config.ts'],
              message: 'errors.ts and config.ts import only src/lib/.',
            },
            {
              target: './src/observability',
              from: [...MIDDLE_LAYER, ...ABOVE_MIDDLE_LAYER],
              message: 'Observability only observes: it imports no data source, store, event, resolver or HTTP code.',
            },
            { target: MIDDLE_LAYER, from: ABOVE_MIDDLE_LAYER, message: 'Data sources, stores, events, messaging and identity import nothing above them.' },
            // Inside the middle layer (docs/architecture.md): store at the bottom; data sources and events on it; messaging and identity above them.
            {
              target: './src/store',
              from: ['./src/datasources', './src/events', './src/messaging'],
              message: 'The store holds shared state only: it imports no data source, event, messaging rule or identity.',
            },
            {
              target: './src/store',
              from: './src/identity',
              // actor.ts is a leaf of plain types (who did something): the audit trail stores an Actor as it is.
              except: ['./actor.ts'],
              message: 'The store holds shared state only: it imports no data source, event, messaging rule or identity.',
            },
            {
              target: './src/datasources',
              from: ['./src/messaging', './src/events', './src/identity'],
              message: 'Data sources speak the upstream (its wire types are in datasources/types.ts): they import no messaging rule, event or identity.',
            },
            {
              target: './src/events',
              from: './src/messaging',
              message: 'Webhook events import no messaging rule: the send flow records into the log, not the other way.',
            },
            {
              target: './src/identity',
              from: ['./src/messaging', './src/events'],
              message: 'Identity says who calls from the credentials and the store: it imports no messaging rule or event.',
            },
            {
              target: ['./src/services.ts', './src/context.ts'],
              from: ['./src/resolvers', './src/http', ...SCHEMA, './src/main.ts'],
              message: 'The per-process services and the per-request context import only the layers below resolvers.',
            },
            {
              target: './src/resolvers',
              from: ['./src/services.ts', './src/http', ...SCHEMA, './src/main.ts'],
              message: 'Resolvers read the data sources and the event hub through the context; they import nothing of the HTTP edge.',
            },
            { target: SCHEMA, from: ['./src/http', './src/main.ts'], message: 'The schema imports resolvers, not the HTTP edge.' },
            { target: './src/http', from: './src/main.ts', message: 'Only main.ts starts the gateway.' },
            {
              target: './src/!(main).ts',
              from: './src/embedded-simulator.ts',
              message: 'Only main.ts starts the embedded simulator: the gateway runs the same on a real upstream.',
            },
            {
              target: './src/*/**/*.ts',
              from: './src/embedded-simulator.ts',
              message: 'Only main.ts starts the embedded simulator: the gateway runs the same on a real upstream.',
            },
            {
              // Inside the edge: the logic a plugin wraps is also what the WebSocket server runs, so it must not need Apollo's wiring.
              target: './src/http/!(apollo-server|pipeline).ts',
              from: './src/http/plugins',
              message: "Apollo plugins (http/plugins/) are wired by the operation pipeline (pipeline.ts) and, for the server's own, apollo-server.ts; the logic they wrap never imports them.",
            },
          ],
        },
      ],
      // Apollo plugin hooks, Express handlers and test doubles are async by their interface, not by their body.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    plugins: { jest },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // The schema is what front-end developers and the supergraph read: every element described, named
    // by convention, reachable. The federation directives come from the federation spec through @link,
    // so the linter learns them from lint/federation.graphql (never part of the served schema).
    files: ['schema/**/*.graphql'],
    languageOptions: {
      parser: graphql.parser,
      parserOptions: { graphQLConfig: { schema: ['schema/**/*.graphql', 'lint/federation.graphql'] } },
    },
    plugins: { '@graphql-eslint': graphql, hubgraph: { rules: { 'shared-names-agree': sharedNamesAgree } } },
    rules: {
      ...graphql.configs['flat/schema-recommended'].rules,
      // A client selects every member of a union (or implementation of an interface) in one fragment, without aliases.
      'hubgraph/shared-names-agree': [
        'error',
        {
          // The public contract (v5 "Template reviews") fixes TemplateUpdateEvent.status and .reason as nullable
          // Strings (null for quality and category changes), beside MessageStatusEvent.status: String! and
          // OtherNotificationEvent.reason: String!; a ChannelEvent selection of both aliases one side.
          allow: ['TemplateUpdateEvent.status', 'TemplateUpdateEvent.reason'],
        },
      ],
      '@graphql-eslint/require-description': [
        'error',
        {
          types: true,
          rootField: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
          DirectiveDefinition: true,
        },
      ],
      // Entities (Partner, Client, Channel, messages, conversations) carry an id; pages, payloads, events, figures
      // and settings are values of their parent with no identity of their own, so a client cache embeds them.
      '@graphql-eslint/strict-id-in-types': [
        'error',
        {
          exceptions: {
            suffixes: ['List', 'Page', 'Payload', 'Result', 'Event', 'Info', 'Count', 'Totals', 'Details', 'Restore', 'Config', 'Webhook'],
            types: ['Usage', 'UsagePeriod', 'Renewal', 'ClientInsights', 'InsightPoint', 'ActionSource', 'BusinessProfile', 'ApiKey', 'WabaAccount', 'UserRef', 'ContactUser', 'ChannelIntegration', 'ServiceWindow', 'MessagePricing', 'MessageReaction',
              // Message content (schema/content.graphql): values of the message that carries them.
              'TextContent', 'MediaContent', 'LocationContent', 'ContactsContent', 'InteractiveReplyContent', 'ButtonReplyContent', 'ReactionContent', 'OrderContent',
              'SystemContent', 'TemplateContent', 'UnsupportedContent', 'InteractiveContent', 'InteractiveOption', 'ContactCard', 'ContactCardPhone', 'ContactCardEmail', 'ContactCardOrganization', 'ContactCardUrl',
              'ContactCardAddress', 'OrderItem', 'MessageContext', 'AdReferral',
              // Who did something (schema/people.graphql): a value of what it did.
              'Actor', 'Viewer'],
          },
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `[description.value=${OPENS_WITH_ENDPOINT_CODE}]`,
          message: 'A description opens with what it is for a front-end reader; an upstream reference may only close it: "… (upstream A3)".',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended, prettier],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
