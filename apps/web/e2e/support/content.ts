import { apiAs, type ChatUser } from '../messages-support';

/**
 * Something for the pages to show: `author` posts `post`, `reader` favourites it and replies with `reply`, and
 * the two exchange the two `chat` messages (author first). Returns the post's id.
 */
export async function postAndChat(
  author: ChatUser,
  reader: ChatUser,
  texts: { post: string; reply: string; chat: [string, string] },
): Promise<string> {
  const post = await apiAs<{ id: string }>(author, 'POST', '/api/v1/statuses', {
    status: texts.post,
    visibility: 'public',
  });
  await apiAs(reader, 'POST', `/api/v1/statuses/${post.id}/favourite`);
  await apiAs(reader, 'POST', '/api/v1/statuses', { status: texts.reply, in_reply_to_id: post.id });
  await apiAs(author, 'POST', '/api/v1/friend_messages', { recipient_id: reader.id, content: texts.chat[0] });
  await apiAs(reader, 'POST', '/api/v1/friend_messages', { recipient_id: author.id, content: texts.chat[1] });
  return post.id;
}
