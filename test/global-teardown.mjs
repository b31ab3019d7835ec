import { removeSharedBuild } from './support/shared-build.mjs';

export default async function globalTeardown() {
  await globalThis.hubgraphTestRedis?.stop();
  await removeSharedBuild();
}
