/** Who is signed in: the roles of the product and the facts a session carries about its user. */
export const ROLES = ['user', 'admin', 'reti', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** A signed-in session's user. The JSON API still answers SPEC §3's names (see publicUser). */
export type SessionUser = {
  id: string;
  /** The sign-in name a person types (SPEC "User ID"). */
  loginId: string;
  firstName: string;
  role: Role;
  firmId: string | null;
  /** A client's language, once a portal page has read it (their header speaks it everywhere). */
  language?: 'en' | 'es';
};

/** SPEC §3's current user, as the login, refresh and demo calls answer it. */
export const publicUser = (u: SessionUser) => ({
  user_id: u.loginId,
  first_name: u.firstName,
  role_name: u.role,
});
export type PublicUser = ReturnType<typeof publicUser>;

/** What sign-in answers instead of the user when a second step is needed: a code, or setting the app up. */
export type MfaStep = 'required' | 'enroll';
export type MfaAnswer = { mfa: MfaStep };
