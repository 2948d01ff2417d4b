import path from 'node:path';

/** The folder of the media store that holds encrypted chat files (e2ee/media.ts). */
export const E2EE_MEDIA_FOLDER = 'e2ee_media';

/** Whether a file served from the local media folder is an encrypted chat file. */
export const isEncryptedMediaPath = (root: string, filePath: string): boolean =>
  path.relative(root, filePath).split(path.sep)[0] === E2EE_MEDIA_FOLDER;
