import type { Config } from '../config.js';

export type MediaUrlConfig = Pick<Config, 'publicUrl' | 's3'>;

/** Where stored files are fetched from: the bucket's public URL (S3_PUBLIC_URL), else this server's /system/. */
export const mediaBaseUrl = (config: MediaUrlConfig): string =>
  config.s3?.publicUrl ?? `${config.publicUrl}/system`;

/** The public URL of the stored file `key` (a media store key such as `media_attachments/…/<id>.png`). */
export const storedFileUrl = (config: MediaUrlConfig, key: string): string =>
  `${mediaBaseUrl(config)}/${key}`;
