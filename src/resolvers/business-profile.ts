import { reportFieldError } from '../context.js';
import type { BusinessProfileResolvers } from '../generated/graphql.js';
import { knownVertical } from '../messaging/business-profile.js';
import { channelOf } from './channel/ref.js';

export const BusinessProfile: BusinessProfileResolvers = {
  address: (profile) => profile.address ?? null,
  description: (profile) => profile.description ?? null,
  email: (profile) => profile.email ?? null,
  websites: (profile) => profile.websites ?? [],
  profilePictureUrl: (profile) => profile.profile_picture_url ?? null,
  vertical: (profile, _args, context, info) => {
    if (!profile.vertical) return null;
    const vertical = knownVertical(profile.vertical);
    if (!vertical) {
      context.logger.warn({ vertical: profile.vertical }, 'unknown upstream business vertical');
      reportFieldError(context, info, `Unknown business vertical ${JSON.stringify(profile.vertical)}`, {
        upstreamField: 'vertical',
        upstreamValue: profile.vertical,
      });
    }
    return vertical;
  },
  channel: channelOf,
};
