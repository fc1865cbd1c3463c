/** The administrator's dashboard and cleanup (SPEC §2 "Admin screens"): what the API and the pages show. */

/** SPEC's four stat cards, in order. */
export const DASHBOARD_STATS = [
  { key: 'activeUsers', label: 'Active Users' },
  { key: 'cases', label: 'Total Cases' },
  { key: 'documents', label: 'Documents' },
  { key: 'aiTools', label: 'AI Tools Used' },
] as const;

export type StatKey = (typeof DASHBOARD_STATS)[number]['key'];

export type DashboardStat = {
  key: StatKey;
  label: string;
  /** Null: the count could not be read (see `note`). */
  value: number | null;
  note?: string;
};

export type ServiceKey = 'database' | 'ai' | 'email' | 'backup';
export type ServiceTone = 'success' | 'warning' | 'danger' | 'neutral';

/** One status badge: a short state in words (never color alone) and a sentence of detail. */
export type ServiceStatus = {
  key: ServiceKey;
  label: string;
  tone: ServiceTone;
  state: string;
  detail: string;
  /** The instant the detail speaks of (the last backup), shown in the page's time zone. */
  at?: string;
};

export type Dashboard = { stats: DashboardStat[]; services: ServiceStatus[] };

export type ActivityItem = {
  id: string;
  /** ISO timestamp. */
  at: string;
  /** The entry in words: "Ana Lopez suspended Ben Okafor". */
  text: string;
  action: string;
};

export type ActivityPage = { activity: ActivityItem[]; total: number; page: number; pageSize: number };

export type CleanupItem = { key: string; label: string; description: string; count: number };
export type CleanupPreview = { retentionDays: number; items: CleanupItem[]; total: number };
export type CleanupResult = { removed: Record<string, number>; total: number; message: string };
