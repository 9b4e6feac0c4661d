// A read sent beside a write and answered as if sent after it (server/plugins/read-after-write.ts): the list a
// save's success asks for leaves the browser with the save, one round trip instead of two across a WAN.
/** On the write: the id a read may wait for. */
export const WRITE_ID_HEADER = 'x-write-id';
/** On the read: the id of the write (of the same session) it is sent after. */
export const AFTER_WRITE_HEADER = 'x-after-write';
/** What an id looks like: the shell sends 24 hex digits. */
export const WRITE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
