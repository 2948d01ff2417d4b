/**
 * Federating a chat action after it is stored locally: the action already happened for everyone here, so a
 * failure to enqueue its activity is reported, not turned into a failed request (and nothing is undone).
 */
export async function inBackground(task: Promise<void>): Promise<void> {
  try {
    await task;
  } catch (error) {
    console.warn('chat federation: an activity could not be queued', error);
  }
}
