import type { WabaWebhookResolvers } from '../generated/graphql.js';
import { channelOf } from './channel/ref.js';

/** Only `channel` needs a resolver (read back through the loader, channel/ref.ts): the other fields are the model's own. */
export const WabaWebhook: WabaWebhookResolvers = { channel: channelOf };
