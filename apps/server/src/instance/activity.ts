import type { InstanceActivity } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import { countLocalStatusesBetween } from '../statuses/store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
const WEEKS = 12;

/** Monday 00:00 UTC of the week holding `time` (Mastodon's weeks begin on Monday). */
export function weekStart(time: number): number {
  const day = Math.floor(time / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - weekday * DAY_MS;
}

type Count = { count: number | string };

/**
 * GET /api/v1/instance/activity: the last 12 weeks, this one first. Statuses are local posts (boosts are not
 * posts), logins the accounts that signed in or were issued a token, registrations the new users.
 */
export async function instanceActivity(db: DbOrTx, now = Date.now()): Promise<InstanceActivity[]> {
  const thisWeek = weekStart(now);
  const weeks = Array.from({ length: WEEKS }, (_, index) => thisWeek - index * WEEK_MS);
  return Promise.all(
    weeks.map(async (start) => {
      const from = new Date(start).toISOString();
      const to = new Date(start + WEEK_MS).toISOString();
      const [statuses, logins, registrations] = await Promise.all([
        countLocalStatusesBetween(db, from, to),
        db
          .selectFrom(
            db
              .selectFrom('oauth_tokens')
              .select('account_id')
              .where('account_id', 'is not', null)
              .where('created_at', '>=', from)
              .where('created_at', '<', to)
              .union(
                db
                  .selectFrom('users')
                  .select('account_id')
                  .where('current_sign_in_at', '>=', from)
                  .where('current_sign_in_at', '<', to),
              )
              .as('signed_in'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('created_at', '>=', from)
          .where('created_at', '<', to)
          .executeTakeFirstOrThrow(),
      ]);
      const text = (row: Count) => String(Number(row.count));
      return {
        week: String(start / 1000),
        statuses: text(statuses),
        logins: text(logins),
        registrations: text(registrations),
      };
    }),
  );
}
