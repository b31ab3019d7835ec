import type { Hosting } from '../generated/graphql.js';
import type { ChannelNode } from './types.js';

const HOSTING_PLATFORMS: Record<string, Hosting> = {
  net_cloud_api: 'CLOUD',
  net_hosting: 'ON_PREMISE',
};

/** Hosting of an upstream channel record; UNKNOWN for a platform type this gateway does not know. */
export function hostingOf(channel: Pick<ChannelNode, 'integration'>): Hosting {
  return HOSTING_PLATFORMS[channel.integration?.hosting_platform_type ?? ''] ?? 'UNKNOWN';
}
