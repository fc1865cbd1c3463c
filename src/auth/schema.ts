import { z } from 'zod';
import { DEMO_ROLE } from '../demo/accounts';

export const loginSchema = z.object({
  user_id: z.string().trim().min(1, 'User ID is required').max(100, 'User ID is too long'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long'),
});

/** POST {API}/demo/login: the role asked for; the auth service decides whether the demo grants it. */
export const demoLoginSchema = z.object({ role: z.string().max(20).default(DEMO_ROLE) });
