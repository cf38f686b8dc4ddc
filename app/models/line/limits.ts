// Limits the LINE dialogs show and the server enforces; client-safe (no server imports).

/** Wrong link-code tries one LINE user may make in 15 minutes, whatever the codes. */
export const LINK_TRIES_PER_LINE_USER = 5;

/**
 * Wrong tries, from anyone, that void a code: four times what one LINE user may make in a window,
 * so a stranger cannot void a colleague's code in a few tries, while guessing stays hopeless
 * (20 guesses at a million codes).
 */
export const VERIFY_CODE_MAX_TRIES = 20;

/** Longest name an admin may give a LINE group in this app. */
export const MAX_GROUP_NAME_LENGTH = 100;
