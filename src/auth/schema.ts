import { z } from 'zod';
import { DEMO_ROLES } from '../shared/constants';

export const loginSchema = z.object({
  user_id: z.string().trim().min(1, 'User ID is required').max(100, 'User ID is too long'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long'),
});

export const demoLoginSchema = z.object({ role: z.enum(DEMO_ROLES) });
