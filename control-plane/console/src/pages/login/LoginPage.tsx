import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from 'urql';
import { CONSOLE_PATHS } from '../../../../../shared/console-paths';
import { LoginDocument } from '../../gql/session/graphql';
import { errorCode, errorMessage, fieldErrors } from '../../api/errors';
import { CaptchaField } from '../../components/captcha/CaptchaField';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { useSession } from '../../app/session';
import { PasswordField } from '../../components/PasswordField';
import { defineMessages } from '../../i18n/i18n';

const useMessages = defineMessages(
  'login',
  {
    title: 'Log in',
    login: 'Username or e-mail',
    password: 'Password',
    submit: 'Log in',
    noAccount: 'No account yet?',
    register: 'Register',
    offline: 'The server cannot be reached. Check your connection and try again.',
    required: 'Required',
    wrongCredentials: 'Wrong username, e-mail or password.',
    captcha: 'Characters in the image above',
    captchaRequired: 'This account had several failed logins. Type the characters in the image to continue.',
    captchaRejected: 'Wrong or expired answer: type the characters of the new image.',
  },
  {
    title: '登录',
    login: '用户名或邮箱',
    password: '密码',
    submit: '登录',
    noAccount: '还没有账户？',
    register: '注册',
    offline: '无法连接服务器，请检查网络后重试。',
    required: '必填',
    wrongCredentials: '用户名、邮箱或密码错误。',
    captcha: '上图中的字符',
    captchaRequired: '此账户有多次登录失败，请输入图片中的字符后继续。',
    captchaRejected: '答案错误或已过期：请输入新图片中的字符。',
  },
);

/** Only paths inside the console may be returned to after login (never another site). */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : CONSOLE_PATHS.dashboard;
}

/**
 * Login with username or e-mail; afterwards back to the page that asked for it (`?next=`). After
 * several failed logins for an account the API asks for a captcha: from then on the form shows one,
 * a new image for every attempt (each is spent by one).
 */
export function LoginPage() {
  const t = useMessages();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Record<string, boolean>>({});
  const [result, send] = useMutation(LoginDocument);
  const errors = fieldErrors(result.error);
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const captcha = useCaptcha('LOGIN', captchaNeeded);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = { login: login.trim() === '', password: password === '' };
    setMissing(empty);
    if (empty.login || empty.password) return;
    const solved = captchaNeeded && captcha.captcha ? { captchaId: captcha.captcha.id, captchaAnswer: captchaAnswer.trim() } : {};
    const r = await send({ input: { login: login.trim(), password, ...solved } });
    if (r.data?.login) {
      refresh();
      navigate(safeNext(params.get('next')), { replace: true });
      return;
    }
    const first = r.error?.graphQLErrors[0]?.extensions;
    if (captchaNeeded) {
      // Every attempt spends the image, right or wrong: show a new one.
      captcha.renew();
      setCaptchaAnswer('');
    } else if (first?.code === 'CAPTCHA_REQUIRED' || first?.captchaRequired === true) {
      setCaptchaNeeded(true);
    }
  };

  // Refusals are said in the reader's language; others (a disabled account) in the API's words.
  const code = errorCode(result.error);
  const general =
    code === 'UNAUTHENTICATED'
      ? t('wrongCredentials')
      : code === 'CAPTCHA_REQUIRED'
        ? t('captchaRequired')
        : !Object.keys(errors).length
          ? errorMessage(result.error, t('offline'))
          : undefined;
  return (
    <Stack maw={420} mx="auto" mt="xl">
      <Title order={2}>{t('title')}</Title>
      <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate>
        <Stack>
          {general && (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          )}
          <TextInput label={t('login')} autoComplete="username" value={login} onChange={(e) => setLogin(e.currentTarget.value)} error={missing.login ? t('required') : errors.login} required />
          <PasswordField label={t('password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={missing.password ? t('required') : errors.password} required />
          {captchaNeeded && <CaptchaField state={captcha} label={t('captcha')} name="captcha" answer={captchaAnswer} onAnswer={setCaptchaAnswer} error={errors.captchaAnswer ? t('captchaRejected') : undefined} />}
          <Button type="submit" loading={result.fetching}>
            {t('submit')}
          </Button>
          <Text size="sm">
            {t('noAccount')}{' '}
            <Anchor component={Link} to={CONSOLE_PATHS.register}>
              {t('register')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
