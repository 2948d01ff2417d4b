import type { CustomEmoji } from '@palchat/api';
import { api } from '../../api/client';

export const customEmojis = {
  all: (signal?: AbortSignal) => api.get<CustomEmoji[]>('/api/v1/custom_emojis', { signal }),
};
