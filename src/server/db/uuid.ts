const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string can be bound as a `uuid` parameter. Lookups answer "not found" for one that
 * cannot, rather than a database error.
 */
export const isUuid = (value: string) => uuidPattern.test(value);
