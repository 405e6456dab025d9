const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string can be bound as a `uuid` parameter. Batched lookups drop the keys that cannot,
 * so one malformed id answers "not found" instead of failing everyone's batch.
 */
export const isUuid = (value: string) => uuidPattern.test(value);
