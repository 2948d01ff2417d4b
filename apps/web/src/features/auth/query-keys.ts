/** Query keys of the sign-up page. */
export const authKeys = {
  usernameTaken: (username: string) => ['sign-up', 'username-taken', username.toLowerCase()] as const,
};
