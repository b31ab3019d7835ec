/** The seconds a Retry-After header asks for (delay seconds or an HTTP date, rounded up, never negative); `fallback` when absent or unreadable. */
export function retryAfterSeconds(header: string | string[] | undefined, fallback = 1): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return fallback;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? fallback : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
