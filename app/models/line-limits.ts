// Limits the LINE dialogs show and the server enforces; client-safe (no server imports).

/** Wrong tries a LINE link code survives before it is voided. */
export const VERIFY_CODE_MAX_TRIES = 5;

/** Longest name an admin may give a LINE group in this app. */
export const MAX_GROUP_NAME_LENGTH = 100;
