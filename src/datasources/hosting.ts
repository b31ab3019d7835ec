import type Keyv from 'keyv';
import type { Hosting } from '../generated/graphql.js';
import type { Logger } from '../observability/logger.js';
import type { ChannelNode } from './types.js';

const HOSTING_PLATFORMS: Record<string, Hosting> = {
  net_cloud_api: 'CLOUD',
  net_hosting: 'ON_PREMISE',
};

/** Hosting of an upstream channel record; UNKNOWN for a platform type this gateway does not know. */
export function hostingOf(channel: Pick<ChannelNode, 'integration'>): Hosting {
  return HOSTING_PLATFORMS[channel.integration?.hosting_platform_type ?? ''] ?? 'UNKNOWN';
}

/**
 * Spec §9.2: on-premise support ends in October 2025. The interface names the month only, so its first day is
 * the date served: no caller is told support lasts longer than it may.
 */
export const ON_PREMISE_SUPPORT_ENDS_AT = '2025-10-01T00:00:00.000Z';

/** When upstream support for a hosting ends; null for cloud (and a hosting this gateway does not know). */
export function hostingSupportEndsAt(hosting: Hosting): string | null {
  return hosting === 'ON_PREMISE' ? ON_PREMISE_SUPPORT_ENDS_AT : null;
}

/** Spec §9.3: `template.namespace` is optional from on-premise 2.41 on; servers before it require it. */
export function requiresTemplateNamespace(version: string): boolean {
  const match = /^(\d+)\.(\d+)/.exec(version);
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major < 2 || (major === 2 && minor < 41);
}

/** Each on-premise channel's server version, as the last send answer's `meta.version` said (shared through the store). */
export class OnPremiseVersions {
  constructor(private readonly store: Keyv) {}

  private key(partnerId: string, channelId: string): string {
    return `onprem-version:${JSON.stringify([partnerId, channelId])}`;
  }

  async get(partnerId: string, channelId: string): Promise<string | null> {
    return (await this.store.get<string>(this.key(partnerId, channelId))) ?? null;
  }

  async record(partnerId: string, channelId: string, version: unknown): Promise<void> {
    if (typeof version !== 'string' || version === '') return;
    await this.store.set(this.key(partnerId, channelId), version);
  }
}

/**
 * On-premise hosting is retired upstream (no onboarding since 15 May 2024, support ended October
 * 2025): the first area-B use of each on-premise channel in a process logs one warning, so operators
 * see which channels still need migrating without a line per request.
 */
export class RetiredHostingNotice {
  private readonly warned = new Set<string>();

  constructor(private readonly logger: Logger) {}

  used(partnerId: string, channelId: string): void {
    const key = `${partnerId}\u0000${channelId}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.logger.warn(
      { partnerId, channelId, hosting: 'ON_PREMISE' },
      'channel uses on-premise hosting, whose support ended in October 2025 (no onboarding since 15 May 2024): migrate it to cloud hosting',
    );
  }
}
