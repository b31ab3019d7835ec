export default async function globalTeardown() {
  await globalThis.hubgraphTestRedis?.stop();
}
