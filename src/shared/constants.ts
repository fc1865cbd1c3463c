/** Product words and numbers from SPEC.md, shared by the server views and the islands. */

export const PRODUCT_NAME = 'Reti Immigration';
export const COMPANY_NAME = 'Reti';
export const TIME_SAVING_PERCENT = 60;

import type { Role } from './session';

export const ROLE_HOME: Record<Role, string> = {
  user: '/user/dashboard',
  admin: '/admin/dashboard',
  reti: '/reti/dashboard',
  client: '/portal',
};

/** Where each role's area lives: a client's is the portal. */
export const AREA_PATH: Record<Role, string> = {
  user: '/user',
  admin: '/admin',
  reti: '/reti',
  client: '/portal',
};

/** Who an area's pages are for, as the wrong-area page says it. */
export const AREA_AUDIENCE: Record<Role, string> = {
  user: 'the attorneys and staff of a firm',
  admin: 'firm administrators',
  reti: 'Reti platform staff',
  client: "a firm's clients",
};

export const MESSAGES = {
  loginFailed: 'Invalid credentials. Please try again.',
  contactFailed: 'Unable to send right now. Please try again later.',
  contactSent: "Thanks! We'll be in touch shortly.",
  invalidEmail: 'Enter a valid email',
  invalidPhone: 'Enter a valid phone number',
  missingName: 'Enter your name',
  signInUnavailable: 'Sign-in is temporarily unavailable. Please try again in a moment.',
  logoutUnconfirmed:
    'Logout failed: the session store is not answering. This browser is signed out, and the session cannot be used again: it is ended as soon as the store answers.',
} as const;

export type Plan = {
  name: string;
  price: number;
  features: string[];
  button: 'Get Started' | 'Contact Sales';
  badge?: string;
};

export const PLANS: Plan[] = [
  {
    name: 'Starter',
    price: 49,
    features: ['Up to 50 cases', 'Basic document automation', 'Email support', 'Standard templates'],
    button: 'Get Started',
  },
  {
    name: 'Professional',
    price: 99,
    badge: 'Most Popular',
    features: [
      'Up to 200 cases',
      'Advanced AI features',
      'Priority support',
      'Custom templates',
      'Analytics dashboard',
    ],
    button: 'Get Started',
  },
  {
    name: 'Enterprise',
    price: 199,
    features: [
      'Unlimited cases',
      'Full AI suite',
      '24/7 support',
      'Custom integrations',
      'Dedicated account manager',
    ],
    button: 'Contact Sales',
  },
];

export const LANDING_FEATURES = [
  {
    title: 'Document automation',
    text: 'Assemble petitions, cover letters and exhibits from the case record.',
  },
  { title: 'Form population', text: 'Fill USCIS forms such as I-130, I-485 and N-400 from client data.' },
  { title: 'Case management', text: 'Every matter, deadline and assignee in one place.' },
  { title: 'Intake', text: 'Collect client facts and documents once, in a structured intake.' },
  { title: 'Drafting', text: 'AI-assisted drafts of briefs and support letters for attorney review.' },
  { title: 'Triage', text: 'Sort incoming matters by urgency and eligibility.' },
  { title: 'Status tracking', text: 'Follow each receipt number through its USCIS stages.' },
  { title: 'Client communication', text: 'Keep clients informed with clear, timely updates.' },
  { title: 'Deadline management', text: 'Never miss a filing window, RFE response or priority date.' },
  { title: 'Real-time insights', text: 'See workload, throughput and bottlenecks as they happen.' },
];

export type MenuItem = { id: string; label: string; to: string; icon: IconName };
export type IconName =
  | 'dashboard'
  | 'cases'
  | 'documents'
  | 'forms'
  | 'ai'
  | 'users'
  | 'reports'
  | 'settings'
  | 'firm'
  | 'roles'
  | 'actions'
  | 'view'
  | 'edit'
  | 'delete'
  | 'toggle'
  | 'mail';

/**
 * The menu entries of SPEC §2 that no page declares yet, in SPEC's order: src/menus.ts puts each declared
 * page's `menu` entry in its place (the reti area's are all declared). Each goes once its page declares it.
 */
export const UNDECLARED_MENUS: Record<Role, MenuItem[]> = {
  user: [
    { id: 'dashboard', label: 'Dashboard', to: '/user/dashboard', icon: 'dashboard' },
    { id: 'cases', label: 'Cases', to: '/user/cases', icon: 'cases' },
    { id: 'documents', label: 'Documents', to: '/user/documents', icon: 'documents' },
    { id: 'forms', label: 'Forms', to: '/user/forms', icon: 'forms' },
    { id: 'ai', label: 'AI Tools', to: '/user/ai', icon: 'ai' },
  ],
  admin: [
    { id: 'dashboard', label: 'Dashboard', to: '/admin/dashboard', icon: 'dashboard' },
    { id: 'users', label: 'User Management', to: '/admin/users', icon: 'users' },
    { id: 'cases', label: 'Case Management', to: '/admin/cases', icon: 'cases' },
    { id: 'reports', label: 'Reports', to: '/admin/reports', icon: 'reports' },
    { id: 'settings', label: 'Settings', to: '/admin/settings', icon: 'settings' },
  ],
  reti: [],
  client: [],
};

/** How long an account stays locked once the firm's login-attempts limit is reached. */
export const LOCKOUT_MINUTES = 15;
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30;
