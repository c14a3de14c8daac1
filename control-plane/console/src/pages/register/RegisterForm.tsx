import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Fieldset, Paper, Stack, Text, TextInput } from '@mantine/core';
import { CONSOLE_PATHS } from '../../../../../shared/console-paths';
import { PasswordField } from '../../components/PasswordField';
import { formatDateTime } from '../../i18n/format';
import { CaptchaField } from '../../components/captcha/CaptchaField';
import { ProblemNotice } from './ProblemNotice';
import { PASSWORD_LIMITS } from './form';
import { useRegisterForm, type Registered } from './useRegisterForm';
import type { RegisterT } from './messages';

/** Section titles that read as such. */
const LEGEND = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 'var(--mantine-spacing-xs)' } };

/**
 * The registration form: account fields, e-mail verification (first captcha, send code, code),
 * invite code, second captcha and submit. Enter submits, except in the e-mail and first captcha
 * fields, where it sends the code.
 */
export function RegisterForm({ t, onRegistered }: { t: RegisterT; onRegistered(done: Registered): void }) {
  const form = useRegisterForm(t, onRegistered);
  const { values, errors, set, code, register } = form;
  const sendOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void form.sendCode();
  };
  const sendLabel = code.wait > 0 ? t('waitSeconds', { seconds: code.wait }) : code.sent ? t('sendAgain') : t('sendCode');

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={form.submit} noValidate ref={form.formRef}>
      <Stack gap="lg">
        <Fieldset legend={t('accountSection')} variant="unstyled" styles={LEGEND}>
          <Stack gap="sm">
            <TextInput name="username" label={t('username')} description={t('usernameHint')} autoComplete="username" value={values.username} onChange={(e) => set('username', e.currentTarget.value)} error={errors.username} maxLength={32} required />
            <PasswordField name="password" label={t('password')} description={t('passwordHint', PASSWORD_LIMITS)} autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.currentTarget.value)} error={errors.password} required />
            <PasswordField name="passwordConfirmation" label={t('passwordConfirmation')} autoComplete="new-password" value={values.passwordConfirmation} onChange={(e) => set('passwordConfirmation', e.currentTarget.value)} error={errors.passwordConfirmation} required />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('emailSection')} variant="unstyled" styles={LEGEND}>
          <Stack gap="sm">
            <TextInput name="email" type="email" label={t('email')} autoComplete="email" value={values.email} onChange={(e) => set('email', e.currentTarget.value)} onKeyDown={sendOnEnter} error={errors.email} required />
            <CaptchaField state={form.codeCaptcha} label={t('codeCaptcha')} name="codeCaptcha" answer={values.codeCaptcha} onAnswer={(v) => set('codeCaptcha', v)} error={errors.codeCaptcha} onEnter={() => void form.sendCode()} />
            <Button variant="light" onClick={() => void form.sendCode()} loading={code.busy} disabled={code.wait > 0 || !form.codeCaptcha.captcha} w={{ base: '100%', xs: 'auto' }} style={{ alignSelf: 'flex-start' }}>
              {sendLabel}
            </Button>
            <ProblemNotice t={t} error={code.problem} />
            {code.sent && (
              <Text size="sm" role="status" c="teal.9">
                ✓ {t('codeSent', { email: code.sent.email, time: formatDateTime(code.sent.expiresAt) })}
              </Text>
            )}
            <TextInput name="emailCode" label={t('emailCode')} description={t('emailCodeHint')} autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={values.emailCode} onChange={(e) => set('emailCode', e.currentTarget.value)} error={errors.emailCode} required />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('confirmSection')} variant="unstyled" styles={LEGEND}>
          <Stack gap="sm">
            <TextInput name="inviteCode" label={t('inviteCode')} autoComplete="off" value={values.inviteCode} onChange={(e) => set('inviteCode', e.currentTarget.value)} error={errors.inviteCode} maxLength={32} />
            <CaptchaField state={form.registerCaptcha} label={t('registerCaptcha')} name="registerCaptcha" answer={values.registerCaptcha} onAnswer={(v) => set('registerCaptcha', v)} error={errors.registerCaptcha} />
            <ProblemNotice t={t} error={register.problem} />
            <Button type="submit" loading={register.busy} disabled={register.wait > 0 || !form.registerCaptcha.captcha}>
              {register.wait > 0 ? t('waitSeconds', { seconds: register.wait }) : t('submit')}
            </Button>
          </Stack>
        </Fieldset>

        <Text size="sm">
          {t('haveAccount')}{' '}
          <Anchor component={Link} to={CONSOLE_PATHS.login}>
            {t('login')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
