/** Someone who did something through, or beside, the gateway (the schema's `Actor`). */
export interface Actor {
  kind: 'PERSON' | 'SERVICE' | 'BUSINESS_APP';
  /** A person's `sub` (unique with the issuer); a service's credential label; null for the phone app. */
  subject: string | null;
  /** A person's display name from the token; null otherwise. */
  name: string | null;
}

/**
 * A back-end: named by which gateway token it presents, by the fingerprint of a forwarded partner credential, or
 * (no GATEWAY_TOKENS, the simulator) as the gateway itself; never by the secret.
 */
export function serviceActor(label: string | null): Actor {
  return { kind: 'SERVICE', subject: label ?? 'gateway', name: null };
}

export const BUSINESS_APP_ACTOR: Actor = { kind: 'BUSINESS_APP', subject: null, name: null };

/** The scopes of the contract's table, from least to most. */
export const SCOPES = ['hubgraph:read', 'hubgraph:send', 'hubgraph:manage', 'hubgraph:admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** Which clients of the partner a caller may see and act for. */
export type ClientGrant = { allClients: true } | { allClients: false; clientIds: ReadonlySet<string> };

export const ALL_CLIENTS: ClientGrant = { allClients: true };
export const ALL_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);
