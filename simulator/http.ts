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
  return match ? match[1] : null;
}

/** Error body of a messaging root: on-premise's documented `errors` array, cloud's (unspecified) as the network's usual `error` object. */
export function sendVariantError(response: Response, onPremise: boolean, status: number, code: number, title: string, details?: string): void {
  if (onPremise) return sendError(response, status, code, title, details);
  response.status(status).json({ error: { code, message: title, ...(details && { error_data: { details } }) } });
}
