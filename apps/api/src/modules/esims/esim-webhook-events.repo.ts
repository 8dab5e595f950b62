import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

/** An event's row outlives any replay the upstream sends of it (they come within minutes). */
const KEEP_EVENTS_DAYS = 7;
/** Rows pruned per new event at most: an index range, never a long delete inside the webhook. */
const PRUNE_BATCH = 20;

/**
 * Records the upstream's event by its notifyId; answers false when it was already recorded (a replay). Each new
 * event prunes a few rows older than KEEP_EVENTS_DAYS.
 */
export async function recordEsimWebhookEvent(
  db: DbOrTx,
  event: { notifyId: string; notifyType: string },
): Promise<boolean> {
  const result = await db.execute<{ notify_id: string }>(sql`
    with pruned as (
      delete from esim_webhook_events where notify_id in (
        select notify_id from esim_webhook_events
        where received_at < now() - make_interval(days => ${KEEP_EVENTS_DAYS})
        order by received_at limit ${PRUNE_BATCH}
      )
    )
    insert into esim_webhook_events (notify_id, notify_type) values (${event.notifyId}, ${event.notifyType})
    on conflict (notify_id) do nothing
    returning notify_id`);
  return result.rows.length > 0;
}
