import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import PhoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import SmsIcon from '@mui/icons-material/SmsOutlined';
import { isBlank, isPhone, paths, type SmsPurpose } from '@pv/contract';
import { client } from '../../providers/client.ts';

/** SPEC.md §5 phone prompts: 请输入手机号, 请输入正确的手机号 (catalogue keys under pv.msg). */
export function phoneError(phone: string): string | undefined {
  if (isBlank(phone)) return 'pv.msg.validation.phone_required';
  if (!isPhone(phone.trim())) return 'pv.msg.validation.phone';
  return undefined;
}

/** SPEC.md §5: 请输入手机验证码; six digits. */
export function codeError(code: string): string | undefined {
  if (isBlank(code)) return 'pv.msg.validation.sms_code_required';
  if (!/^\d{6}$/.test(code.trim())) return 'pv.msg.validation.sms_code';
  return undefined;
}

interface Props {
  purpose: SmsPurpose;
  phone: string;
  code: string;
  onPhone(value: string): void;
  onCode(value: string): void;
  errors: { phone?: string; code?: string };
  onErrors(errors: { phone?: string; code?: string }): void;
}

/** Phone + code fields with 获取验证码 and its countdown (the server's resend_in, 60 s by default). */
export function SmsCodeInput({ purpose, phone, code, onPhone, onCode, errors, onErrors }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const problem = phoneError(phone);
    if (problem) {
      onErrors({ ...errors, phone: translate(problem) });
      return;
    }
    onErrors({ ...errors, phone: undefined });
    setSending(true);
    try {
      const reply = await client.get<{ expires_in: number; resend_in: number }>(paths.sms, { phone: phone.trim(), purpose }, { silent: true });
      setLeft(reply.data?.resend_in ?? 60);
      notify('pv.auth.code_sent', { type: 'success', messageArgs: { minutes: Math.round((reply.data?.expires_in ?? 300) / 60) } });
    } catch (error) {
      const message = (error as Error)?.message || 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <TextField
        id={`${purpose}-phone`}
        name="phone"
        label={translate('pv.auth.phone')}
        placeholder={translate('pv.auth.phone_placeholder')}
        value={phone}
        autoComplete="tel"
        inputMode="numeric"
        fullWidth
        margin="normal"
        onChange={(e) => onPhone(e.target.value)}
        error={!!errors.phone}
        helperText={errors.phone ?? ' '}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><PhoneIcon fontSize="small" /></InputAdornment> } }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          id={`${purpose}-code`}
          name="code"
          label={translate('pv.auth.code')}
          placeholder={translate('pv.auth.code_placeholder')}
          value={code}
          autoComplete="one-time-code"
          inputMode="numeric"
          margin="normal"
          sx={{ flex: 1 }}
          onChange={(e) => onCode(e.target.value)}
          error={!!errors.code}
          helperText={errors.code ?? ' '}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SmsIcon fontSize="small" /></InputAdornment> } }}
        />
        <Button variant="outlined" onClick={send} disabled={left > 0 || sending} sx={{ mt: 2, height: 56, minWidth: 128, whiteSpace: 'nowrap' }}>
          {left > 0 ? translate('pv.auth.resend_in', { seconds: left }) : translate('pv.auth.send_code')}
        </Button>
      </Box>
    </>
  );
}
