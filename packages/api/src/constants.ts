// Constants with no schema attached, so that importing them costs the web client's first load nothing.

/** The version of the introduction (onboarding) a user must have seen not to be on a first launch. */
export const CURRENT_INTRODUCTION_VERSION = 20261121;

/** Mastodon's permission bits (exact values are not shown in the UI). */
export const Permission = {
  administrator: 0x1,
  viewDashboard: 0x8,
  manageReports: 0x10,
} as const;
