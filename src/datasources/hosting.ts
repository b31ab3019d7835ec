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
