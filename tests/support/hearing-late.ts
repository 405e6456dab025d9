import type { DatabaseHandle } from "@/server/db/client";

/**
 * The same database, but every notification reaches this instance `ms` after it was sent: an
 * instance that is busy or far from the database. Writes that must be seen at once have to
 * wait for it (docs/decisions/0059-coherent-caches.md).
 */
export function hearingLate(database: DatabaseHandle, ms: number): DatabaseHandle {
  return {
    ...database,
    listen: (channel, onNotify, onLost) =>
      database.listen(channel, (payload) => setTimeout(() => onNotify(payload), ms), onLost),
  };
}
