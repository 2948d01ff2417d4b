import net from 'node:net';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(TEST_REDIS_URL);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const finish = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/** Whether the Redis tests can run; each suite that needs Redis skips itself with a message when not. */
export const redisReachable = await redisAnswers();

export function warnRedisSkipped(what: string): void {
  if (!redisReachable) {
    console.warn(
      `[tests] Redis is not reachable at ${TEST_REDIS_URL}: ${what} skipped. Start Redis (or set TEST_REDIS_URL) to run them.`,
    );
  }
}
