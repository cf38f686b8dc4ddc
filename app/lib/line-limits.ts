/** Longest text an admin may push to one employee (LINE allows 5,000; a notice should be short). */
export const PUSH_TEXT_MAX = 2000;
