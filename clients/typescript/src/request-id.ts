/**
 * The X-Request-ID every call sends (the caller's, or a fresh one kept across the call's retries, so that the
 * server's log ties the attempts together) and reads back from the answer (the server echoes a sane id).
 */

export const REQUEST_ID_HEADER = "X-Request-ID";

/** 32 hex digits: a random UUID where the platform has crypto.randomUUID (not every one does), else random. */
export function newRequestId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid.replaceAll("-", "");
  let id = "";
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}
