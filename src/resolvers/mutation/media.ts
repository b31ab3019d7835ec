import { requirePartnerId } from '../../identity/caller.js';
import { MediaInputError } from '../../datasources/media-api.js';
import { BadUserInputError } from '../../errors.js';
import type { MutationResolvers, UploadMediaInput } from '../../generated/graphql.js';
import { formatBytes, mediaRule, sizeViolation, uploadRule, type MediaRuleInput } from '../../messaging/media-rules.js';

/** One character of the base64 alphabet (A–Z, a–z, 0–9, +, /). */
function isBase64Character(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 43 || code === 47;
}

/**
 * Well-formed base64 (padding optional, but when present the text is whole quads), checked in
 * one pass: a regular expression with a repeated group backtracks, and overflowed its stack on
 * a few megabytes.
 */
function isBase64(text: string): boolean {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const length = text.length - padding;
  if ((padding > 0 && text.length % 4 !== 0) || length % 4 === 1) return false;
  for (let index = 0; index < length; index += 1) if (!isBase64Character(text.charCodeAt(index))) return false;
  return true;
}

/** Decoded size of a base64 text, computed before decoding so an oversized one is never materialised. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Input paths of uploadMedia for the rules' fields (the file is the base64 text). */
const INLINE_FIELDS = { mimeType: 'input.mimeType', type: 'input.type', file: 'input.base64' } as const;

/**
 * The file of an inline upload, decoded after its checks: size first (an oversized text is refused
 * without reading it through), then base64, emptiness and the file name.
 */
function inlineFile(input: UploadMediaInput, inlineMaxBytes: number, channelId: string): Buffer {
  const base64 = input.base64.replace(/\s+/g, '');
  const size = decodedLength(base64);
  if (size > inlineMaxBytes) {
    throw new BadUserInputError(
      `Inline uploads are limited to ${formatBytes(inlineMaxBytes)} (MEDIA_INLINE_MAX_BYTES); stream larger files to POST /media/${channelId}`,
      'input.base64',
    );
  }
  if (!isBase64(base64)) throw new BadUserInputError('base64 is not valid base64', 'input.base64');
  if (size === 0) throw new BadUserInputError('the file is empty', 'input.base64');
  if (!input.fileName.trim()) throw new BadUserInputError('fileName must not be empty', 'input.fileName');
  return Buffer.from(base64, 'base64');
}

/** The media rule of a decoded file and its size check; BAD_USER_INPUT naming the input field otherwise. */
function checkedRule(content: Buffer, rule: MediaRuleInput) {
  const checked = mediaRule({ ...rule, head: content });
  if (!checked.ok) throw new MediaInputError(checked.violation, INLINE_FIELDS);
  const tooLarge = sizeViolation(checked.rule, content.length);
  if (tooLarge) throw new MediaInputError(tooLarge, INLINE_FIELDS);
  return checked.rule;
}

/** Media of area B (B3) and the on-premise profile photo. */
export const mediaMutations: MutationResolvers = {
  uploadMedia: async (_parent, { channelId, input }, context) => {
    const partnerId = requirePartnerId(context.caller);
    const content = inlineFile(input, context.config.media.inlineMaxBytes, channelId);
    const { media } = context.dataSources;
    const route = await media.route(partnerId, channelId);
    const rule = checkedRule(content, { hosting: route.hosting, mimeType: input.mimeType, kind: input.type });
    const uploaded = await media.upload(route, { fileName: input.fileName, rule: uploadRule(rule), content, size: content.length });
    context.logger.info({ channelId, mediaId: uploaded.id, bytes: content.length, kind: rule.kind }, 'media uploaded');
    return uploaded;
  },
  deleteMedia: async (_parent, { channelId, mediaId }, context) => {
    const { media } = context.dataSources;
    const route = await media.route(requirePartnerId(context.caller), channelId);
    return media.delete(route, mediaId);
  },
  setProfilePhoto: async (_parent, { channelId, input }, context) => {
    const partnerId = requirePartnerId(context.caller);
    if (input.type && input.type !== 'IMAGE') throw new BadUserInputError('a profile photo is an IMAGE', 'input.type');
    const content = inlineFile(input, context.config.media.inlineMaxBytes, channelId);
    const { messaging, media } = context.dataSources;
    const route = await messaging.routeFor(
      partnerId,
      channelId,
      'ON_PREMISE',
      'The profile photo (cloud channels set BusinessProfileInput.profilePictureHandle)',
    );
    const rule = checkedRule(content, { hosting: route.hosting, mimeType: input.mimeType, kind: 'IMAGE' });
    await media.setProfilePhoto(route, { content, mimeType: rule.mimeType });
    context.logger.info({ channelId, bytes: content.length }, 'profile photo set');
    return true;
  },
  deleteProfilePhoto: async (_parent, { channelId }, context) => {
    const { messaging, media } = context.dataSources;
    const route = await messaging.routeFor(requirePartnerId(context.caller), channelId, 'ON_PREMISE', 'The profile photo');
    return media.deleteProfilePhoto(route);
  },
};
