import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations from the gateway's own SDL: the `graphql()` calls in src/ are checked against schema/ at build time.
// The SDL carries Federation directives (@key, @link …) defined by the supergraph spec, not in schema/; assumeValidSDL
// lets the client preset read it without them.
const config: CodegenConfig = {
  schema: { '../../schema/*.graphql': { assumeValidSDL: true } },
  documents: ['src/**/*.tsx', 'src/**/*.ts', '!src/gql/**'],
  ignoreNoDocuments: false,
  generates: {
    './src/gql/': {
      preset: 'client',
      config: { scalars: { DateTime: 'string', JSON: 'unknown' }, enumsAsTypes: true },
      presetConfig: { fragmentMasking: false },
    },
    // The members of each union (MessageContent, ChannelEvent): Apollo Client's cache needs them to match a fragment
    // on a union (`on MessageContent`) to the member's __typename it stores (`MediaContent`).
    './src/gql/possible-types.json': { plugins: ['fragment-matcher'] },
  },
};

export default config;
