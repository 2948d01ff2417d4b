/**
 * The one owner of the `statuses` table (and of the rows that belong to a status: its media links, mentions, tags,
 * edits). Every other module reads and writes statuses through these functions.
 */

// ---- reads ----

// ---- writes ----

export {};
