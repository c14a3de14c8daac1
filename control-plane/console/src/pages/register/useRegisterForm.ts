import { useCallback, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, type CombinedError } from 'urql';
import { LoginDocument } from '../../gql/session/graphql';
import { RegisterAccountDocument, RegisterRequestEmailCodeDocument } from '../../gql/register/graphql';
import { fieldErrors } from '../../api/errors';
import { captchaWording, checkBeforeEmailCode, checkBeforeRegister, FIELD_ORDER, placeApiErrors, type FormErrors, type RegisterValues } from './form';
import { useCaptcha, type CaptchaState } from '../../components/captcha/useCaptcha';
import { useRetryCountdown } from './ProblemNotice';
import type { RegisterT } from './messages';

/** What a finished registration hands on: who registered, and whether the sign-in that follows worked. */
export interface Registered {
  username: string;
  signedIn: boolean;
}

/** A step's outcome: the code request or the registration. */
interface Step {
  /** An error that is about no field (rate limit, network, anything unexpected). */
  problem: CombinedError | undefined;
  /** Seconds until a rate-limited step may be tried again. */
  wait: number;
  busy: boolean;
}

/** The registration form's state and actions, for RegisterForm to lay out. */
export interface RegisterFormState {
  values: RegisterValues;
  errors: FormErrors;
  set(field: keyof RegisterValues, value: string): void;
  codeCaptcha: CaptchaState;
  registerCaptcha: CaptchaState;
  code: Step & { sent: { email: string; expiresAt: string } | undefined };
  register: Step;
  sendCode(): Promise<void>;
  submit(event: FormEvent): Promise<void>;
  formRef: RefObject<HTMLFormElement | null>;
}

const hasAny = (errors: FormErrors) => Object.keys(errors).length > 0;

/**
 * The registration flow: a first captcha to have the code mailed, then the form with a second
 * captcha. Each captcha is spent by one attempt, so a new one is fetched after every attempt.
 * Errors are shown next to the field the API names; the first of them gets the focus.
 */
export function useRegisterForm(t: RegisterT, onRegistered: (done: Registered) => void): RegisterFormState {
  const [params] = useSearchParams();
  const [values, setValues] = useState<RegisterValues>(() => ({
    username: '',
    password: '',
    passwordConfirmation: '',
    email: '',
    emailCode: '',
    inviteCode: params.get('invite') ?? '',
    codeCaptcha: '',
    registerCaptcha: '',
  }));
  const [errors, setErrors] = useState<FormErrors>({});
  const codeCaptcha = useCaptcha('EMAIL_CODE');
  const registerCaptcha = useCaptcha('REGISTER');
  const [codeResult, requestCode] = useMutation(RegisterRequestEmailCodeDocument);
  const [, registerAccount] = useMutation(RegisterAccountDocument);
  const [, login] = useMutation(LoginDocument);
  const [codeProblem, setCodeProblem] = useState<CombinedError>();
  const [registerProblem, setRegisterProblem] = useState<CombinedError>();
  const [registering, setRegistering] = useState(false);
  const [sent, setSent] = useState<{ email: string; expiresAt: string }>();
  const codeWait = useRetryCountdown(codeProblem);
  const registerWait = useRetryCountdown(registerProblem);
  const formRef = useRef<HTMLFormElement>(null);

  const set = useCallback((field: keyof RegisterValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Editing a field answers its error.
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  const focus = (field: keyof RegisterValues | undefined) => {
    // After React has rendered the error, so that a screen reader reads it with the field.
    if (field) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus());
  };
  const firstOf = (found: FormErrors) => FIELD_ORDER.find((f) => found[f]);

  const sendCode = async () => {
    if (codeWait > 0 || codeResult.fetching) return;
    const local = checkBeforeEmailCode(values, t);
    setErrors((e) => ({ ...e, email: local.email, codeCaptcha: local.codeCaptcha }));
    if (hasAny(local)) return focus(firstOf(local));
    if (!codeCaptcha.captcha) return;
    const r = await requestCode({ input: { email: values.email.trim(), captchaId: codeCaptcha.captcha.id, captchaAnswer: values.codeCaptcha.trim() } });
    set('codeCaptcha', '');
    codeCaptcha.renew();
    if (r.data) {
      setSent(r.data.requestEmailCode);
      setCodeProblem(undefined);
      return focus('emailCode');
    }
    const placed = captchaWording(placeApiErrors('code', fieldErrors(r.error)), t);
    setErrors((e) => ({ ...e, ...placed }));
    setCodeProblem(hasAny(placed) ? undefined : r.error);
    focus(firstOf(placed));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (registerWait > 0 || registering) return;
    const local = checkBeforeRegister(values, t);
    setErrors(local);
    setRegisterProblem(undefined);
    if (hasAny(local)) return focus(firstOf(local));
    if (!registerCaptcha.captcha) return;
    setRegistering(true);
    const username = values.username.trim();
    const r = await registerAccount({
      input: {
        username,
        password: values.password,
        passwordConfirmation: values.passwordConfirmation,
        email: values.email.trim(),
        emailCode: values.emailCode.trim(),
        inviteCode: values.inviteCode.trim() || null,
        captchaId: registerCaptcha.captcha.id,
        captchaAnswer: values.registerCaptcha.trim(),
      },
    });
    if (r.data) {
      const session = await login({ input: { login: username, password: values.password } });
      setRegistering(false);
      onRegistered({ username: r.data.register.username, signedIn: Boolean(session.data?.login) });
      return;
    }
    setRegistering(false);
    set('registerCaptcha', '');
    registerCaptcha.renew();
    const placed = captchaWording(placeApiErrors('register', fieldErrors(r.error)), t);
    setErrors(placed);
    setRegisterProblem(hasAny(placed) ? undefined : r.error);
    focus(firstOf(placed));
  };

  return {
    values,
    errors,
    set,
    codeCaptcha,
    registerCaptcha,
    code: { problem: codeProblem, wait: codeWait, busy: codeResult.fetching, sent },
    register: { problem: registerProblem, wait: registerWait, busy: registering },
    sendCode,
    submit,
    formRef,
  };
}
