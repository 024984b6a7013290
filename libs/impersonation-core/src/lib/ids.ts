const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from URLs and bodies; anything that is not one of ours matches nothing (and never reaches SQL as a bad cast). */
export const isUuid = (value: string) => UUID.test(value);
