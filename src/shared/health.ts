/** The four health checks of SPEC §2 and §8: their labels, texts and fallback errors. */

export type HealthCheckId = 'backend' | 'database' | 'node' | 'config';

export type HealthResult = { state: 'success'; detail?: string } | { state: 'error'; message: string };

export type HealthCheckSpec = {
  id: HealthCheckId;
  title: string;
  button: string;
  loading: string;
  success: string[];
  fallbackError: string;
};

export const HEALTH_CHECKS: HealthCheckSpec[] = [
  {
    id: 'backend',
    title: 'Backend Health Check',
    button: 'Check Backend',
    loading: 'Checking backend...',
    success: ['Successful communication', 'Received 200 OK from backend', 'Backend is responding correctly'],
    fallbackError: 'Unable to communicate with backend',
  },
  {
    id: 'database',
    title: 'Test Database Connection',
    button: 'Test Connection',
    loading: 'Testing database connection...',
    success: ['Connection Successful!', 'Data retrieved from database'],
    fallbackError: 'Failed to fetch sample message',
  },
  {
    id: 'node',
    title: 'Node.js Health Check',
    button: 'Check Node.js',
    loading: 'Checking Node.js app...',
    success: ['Node.js App Connected', 'Node.js application is responding correctly'],
    fallbackError: 'Unable to communicate with Node.js app',
  },
  {
    id: 'config',
    title: 'Configuration Check',
    button: 'Load Config',
    loading: 'Loading configuration...',
    success: ['Configuration Loaded'],
    fallbackError: 'Unable to load configuration',
  },
];

export const isHealthCheckId = (value: unknown): value is HealthCheckId =>
  HEALTH_CHECKS.some((c) => c.id === value);

/** The error's own message when it has one, else the check's fallback text. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
