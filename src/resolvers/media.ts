import type { MediaResolvers } from '../generated/graphql.js';

/** The gateway route that streams the file; the upstream's own URL (secret query) stays server-side. */
export function mediaDownloadUrl(publicUrl: string, channelId: string, mediaId: string): string {
  return `${publicUrl}/media/${encodeURIComponent(channelId)}/${encodeURIComponent(mediaId)}`;
}

export const Media: MediaResolvers = {
  id: (media) => media.id,
  mimeType: (media) => media.record?.mime_type ?? null,
  sha256: (media) => media.record?.sha256 ?? null,
  fileSize: (media) => {
    const size = Number(media.record?.file_size);
    return media.record?.file_size === undefined || !Number.isSafeInteger(size) ? null : size;
  },
  downloadUrl: (media, _args, { config }) => mediaDownloadUrl(config.publicUrl, media.channelId, media.id),
};
