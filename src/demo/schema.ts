import { z } from 'zod';
import { DEMO_ROLE } from './accounts';

/** POST {API}/demo/login: the role asked for; the demo decides whether it grants it. */
export const demoLoginSchema = z.object({ role: z.string().max(20).default(DEMO_ROLE) });
