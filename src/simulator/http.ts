import type { Request, Response } from 'express';

/** Error bodies of the simulated upstream. Area B on-premise uses the documented `errors` array. */
export function sendError(response: Response, status: number, code: number, title: string, details?: string): void {
  response.status(status).json({ errors: [{ code, title, ...(details && { details }) }] });
}

/** Area A's and C's error body shape is not specified; the simulator answers with this one. */
export function sendApiError(response: Response, status: number, message: string): void {
  response.status(status).json({ error: { code: status, message } });
}

export function bearerToken(request: Request): string | null {
  const match = request.header('authorization')?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
}
