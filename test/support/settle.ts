/** Lets every queued promise callback run (one macrotask turn): a promise still unsettled then waits for something else. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `promise` has settled once every queued callback ran. */
export async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await settle();
  return settled;
}
