import { z } from 'zod';
import { numeric } from './fields.ts';

/** The query every `index` endpoint takes; resource filters come on top and are whitelisted per resource. */
/**
 * A list with a keyword (`q`) whose total no counter table answers counts at most this many matches:
 * more come back as `total: KEYWORD_COUNT_CAP, total_exact: false` and the console pages on without a
 * last page ("more than 1,000"). Counting every match of a broad keyword is what made it slow (docs/DECISIONS.md "Keyword search").
 */
export const KEYWORD_COUNT_CAP = 1000;

export const listQuerySchema = z.object({
  page: numeric(z.number({ error: 'validation.number' }).int().min(1)).default(1),
  limit: numeric(z.number({ error: 'validation.number' }).int().min(1).max(500, { error: 'validation.number_range|1|500' })).default(20),
  sort: z.string().optional(),
  order: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'validation.enum' }))
    .optional(),
  q: z.string().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** `del`: one id or many. */
export const deleteSchema = z.union([
  z.object({ id: numeric(z.number().int().positive()) }).strict(),
  z.object({ ids: z.union([z.array(numeric(z.number().int().positive())).min(1), z.string().min(1)]) }).strict(),
]);

export const updateFieldSchema = z.strictObject({
  id: numeric(z.number().int().positive()),
  field: z.string().min(1),
  value: z.unknown(),
});

export const getInfoSchema = z.object({ id: numeric(z.number({ error: 'validation.number' }).int().positive()) });

export const loginSchema = z.strictObject({
  // no user name is longer than its column (64); a longer one would only fill the sign-in log
  username: z
    .string({ error: 'validation.username_required' })
    .trim()
    .min(1, { error: 'validation.username_required' })
    .max(64, { error: 'validation.too_long|64' }),
  // (long enough for the RSA-encrypted form: base64 of 128-byte blocks; a plain password is at most PASSWORD_MAX_LENGTH)
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(4096, { error: 'validation.too_long|4096' }),
});

/** What `get_user_info` returns (SPEC.md §7), plus the ACL the console needs. */
export interface UserInfo {
  id: number;
  username: string;
  full_name: string;
  identity: string;
  agent_id: number | null;
  avatar: string | null;
  admin: boolean;
  roles: string[];
  permissions: string[];
}

export interface LoginResult {
  token: string;
  refresh_token?: string;
  expires_in: number;
  id: number;
  identity: string;
}
