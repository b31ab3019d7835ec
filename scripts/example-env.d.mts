/** The environment `npm run example` gives the gateway and the inbox app (see example-env.mjs). */
export function exampleEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
