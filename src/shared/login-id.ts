/** The one rule for a sign-in name (SPEC "User ID"), wherever one is chosen. */
export const LOGIN_ID_RULE = {
  pattern: /^[A-Za-z0-9._@-]{2,100}$/,
  message: 'User ID must be 2-100 letters, digits or . _ @ -',
} as const;
