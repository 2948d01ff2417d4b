/**
 * The one owner of the `accounts` table (local and remote accounts, their profile fields and counters). Every other
 * module reads and writes accounts through these functions.
 */

// ---- reads ----

// ---- writes ----

export {};
