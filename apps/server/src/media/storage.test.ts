import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMediaKey } from './keys.js';
import { createMediaStorage, LocalMediaStorage } from './storage.js';

describe('LocalMediaStorage', () => {
  const roots: string[] = [];
  const newRoot = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-media-'));
    roots.push(root);
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes a key under its folder, creating the folders, and removes it (twice is fine)', async () => {
    const root = newRoot();
    const storage = new LocalMediaStorage(root);
    await storage.put('media_attachments/123/456/1.png', Buffer.from('png'));
    const file = path.join(root, 'media_attachments', '123', '456', '1.png');
    expect(fs.readFileSync(file, 'utf8')).toBe('png');
    await storage.remove('media_attachments/123/456/1.png');
    await storage.remove('media_attachments/123/456/1.png');
    expect(fs.existsSync(file)).toBe(false);
    expect(storage.localRoot).toBe(root);
  });

  it('refuses keys that could leave the folder', async () => {
    const storage = new LocalMediaStorage(newRoot());
    for (const key of ['', '/etc/passwd', '../x', 'a/../../x', 'a//b', 'a\\b', './a']) {
      expect(() => checkMediaKey(key)).toThrow('Invalid media key');
      await expect(storage.put(key, Buffer.from(''))).rejects.toThrow('Invalid media key');
    }
  });

  it('is what MEDIA_STORAGE=local selects', () => {
    const storage = createMediaStorage({ mediaStorage: 'local', mediaDir: '/srv/media', s3: null });
    expect(storage).toBeInstanceOf(LocalMediaStorage);
    expect(storage.localRoot).toBe('/srv/media');
  });
});
