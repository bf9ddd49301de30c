import { z } from 'zod';
import { givenPasswordField, passwordField, phoneField, numeric } from './fields.ts';
import { usernameField } from './system.ts';

/**
 * Sign-in paths beyond the password login (SPEC.md §7 Auth): SMS code, register, an external
 * identity provider, RSA-encrypted passwords, the 山海系统 ticket and the start page.
 */


export const SMS_CODE_LENGTH = 6;

export interface AuthConfig {
  register: boolean;
  rsa: boolean;
  /** external identity provider, when configured */
  social: { provider: string; name: string } | null;
  /** the 山海系统 link: shown when the external system is configured */
  external: { url: string; suLoginPath: string; pagePath: string } | null;
}

export const smsCodeField = () =>
  z
    .string({ error: 'validation.sms_code_required' })
    .trim()
    .min(1, { error: 'validation.sms_code_required', abort: true })
    .regex(/^\d{6}$/, { error: 'validation.sms_code' });

export const SmsPurpose = ['login', 'register'] as const;
export type SmsPurpose = (typeof SmsPurpose)[number];

export const smsSendSchema = z.strictObject({
  phone: phoneField(),
  purpose: z.enum(SmsPurpose, { error: 'validation.enum' }).default('login'),
});

export const smsLoginSchema = z.strictObject({ phone: phoneField(), code: smsCodeField() });

export const registerSchema = z.strictObject({
  username: usernameField(),
  password: passwordField(),
  phone: phoneField(),
  code: smsCodeField(),
  full_name: z.string().trim().max(64, { error: 'validation.too_long|64' }).optional(),
});

export const checkPasswordSchema = z.strictObject({ password: givenPasswordField() });

/**
 * SPEC.md §7: change password from the avatar menu with id and password — and the current password
 * (old_password), which one's own change always needs (a stolen session must not become a permanent
 * takeover); an administrator setting another user's password sends no old_password.
 */
export const modifyPasswordsSchema = z.strictObject({
  id: numeric(z.number({ error: 'validation.number' }).int().positive()).optional(),
  password: passwordField(),
  old_password: givenPasswordField('validation.old_password_required').optional(),
});

/** A start page is an in-app path ('/customer/customerList'); null or '' clears it. Absent: just read it. */
export const startPageSchema = z.strictObject({
  start_page: z
    .union([
      z
        .string()
        .trim()
        .max(200, { error: 'validation.too_long|200' })
        .refine((v) => v === '' || (/^\/[^\s]*$/.test(v) && !v.startsWith('//') && !v.startsWith('/login')), { error: 'validation.start_page' }),
      z.null(),
    ])
    .optional(),
});

export const exLoginSchema = z.strictObject({ id: numeric(z.number({ error: 'validation.number' }).int().positive()).optional() });

export const socialLoginSchema = z.strictObject({
  code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(2000),
  state: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(2000),
});
