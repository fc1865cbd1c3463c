/**
 * Every page and API URL the product links to, built by one function each. Called with ':id' a function
 * gives the Express pattern of the same path ('/reti/firms/:id'), so routes and links cannot drift apart.
 */
export const pages = {
  home: '/',
  public: '/public',
  login: '/login',
  logout: '/logout',
  contact: '/contact',
  health: '/health',
  invite: (token: string) => `/invite/${token}`,
  passwordForgot: '/password/forgot',
  passwordReset: (token: string) => `/password/reset/${token}`,
  reti: {
    dashboard: '/reti/dashboard',
    onboarding: '/reti/firm-onboard',
    onboardingOf: (firmId: string) => `/reti/firm-onboard?firm=${firmId}`,
    roles: '/reti/role-management',
    rolesRow: (actionId: string) => `/reti/role-management/${actionId}`,
    actions: '/reti/actions',
    action: (actionId: string) => `/reti/actions/${actionId}`,
    actionToggle: (actionId: string) => `/reti/actions/${actionId}/toggle`,
    actionDelete: (actionId: string) => `/reti/actions/${actionId}/delete`,
    firm: (firmId: string) => `/reti/firms/${firmId}`,
    firmEdit: (firmId: string) => `/reti/firms/${firmId}/edit`,
    firmDelete: (firmId: string) => `/reti/firms/${firmId}/delete`,
    firmInvitations: (firmId: string) => `/reti/firms/${firmId}/invitations`,
  },
} as const;

/** JSON API paths, relative to API_BASE_URL (the islands' request() adds it). */
export const api = {
  login: '/auth/login',
  passwordForgot: '/auth/password/forgot',
  passwordReset: '/auth/password/reset',
  contact: '/comm/contact',
  actions: '/actions',
  action: (actionId: string) => `/actions/${actionId}`,
  permissions: '/permissions',
  permission: (actionId: string) => `/permissions/${actionId}`,
  firms: '/firms',
  firmInvitations: (firmId: string) => `/firms/${firmId}/invitations`,
  health: { check: '/health/check', db: '/health/db' },
} as const;

/** Node's own endpoints, always on this origin (SPEC §7). */
export const node = { ping: '/node/ping', config: '/node/config' } as const;
