import type { MutationResolvers } from '../../generated/graphql.js';
import { eventsMutations } from './events.js';
import { insightsMutations } from './insights.js';
import { mediaMutations } from './media.js';
import { messagingMutations } from './messaging.js';
import { partnerMutations } from './partner.js';

/** Every mutation, one file per area: partner (A), messaging (B), media (B3), insights (C), events (webhooks to this gateway). */
export const Mutation: MutationResolvers = { ...partnerMutations, ...messagingMutations, ...mediaMutations, ...insightsMutations, ...eventsMutations };
