/**
 * Deterministic JSON (sorted keys) so equal parameters make equal keys. Written with an explicit
 * stack, not recursion: it also digests caller data (idempotent sends, webhook items) whose depth
 * the caller chooses. Items of the stack are either a value still to write or text to copy.
 */
export function stableStringify(value: unknown): string {
  const out: string[] = [];
  const pending: Array<{ value: unknown } | string> = [{ value }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const current = item.value;
    if (current === undefined) out.push('null');
    else if (current === null || typeof current !== 'object') out.push(JSON.stringify(current));
    else if (Array.isArray(current)) {
      pending.push(']');
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index] });
        if (index > 0) pending.push(',');
      }
      pending.push('[');
    } else {
      const entries = Object.entries(current as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      pending.push('}');
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        pending.push({ value: entries[index][1] }, `${JSON.stringify(entries[index][0])}:`);
        if (index > 0) pending.push(',');
      }
      pending.push('{');
    }
  }
  return out.join('');
}
