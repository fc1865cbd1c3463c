import { z } from 'zod';

export const loginSchema = z.object({
  user_id: z.string().trim().min(1, 'User ID is required').max(100, 'User ID is too long'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long'),
});
