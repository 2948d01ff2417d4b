/** How the edit history and the "edited" marker show the date of an edit. */
export const EDIT_DATE_FORMAT = { dateStyle: 'medium', timeStyle: 'short' } as const;
