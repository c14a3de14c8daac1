import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '../../../../accounts/account.rules';
import type { RegisterT } from './messages';

/** Password length limits, as the API enforces them (for the field's hint and the check below). */
export const PASSWORD_LIMITS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** The registration form's fields, including the answers of its two captchas. */
export interface RegisterValues {
  username: string;
  password: string;
  passwordConfirmation: string;
  email: string;
  emailCode: string;
  inviteCode: string;
  codeCaptcha: string;
  registerCaptcha: string;
}

/** A message per field that has one. */
export type FormErrors = Partial<Record<keyof RegisterValues, string>>;

/** Which form field an API error about an input field belongs to, per operation (both name their captcha answer `captchaAnswer`). */
const API_FIELDS = {
  code: { email: 'email', captchaAnswer: 'codeCaptcha', captchaId: 'codeCaptcha' },
  register: {
    username: 'username',
    password: 'password',
    passwordConfirmation: 'passwordConfirmation',
    email: 'email',
    emailCode: 'emailCode',
    inviteCode: 'inviteCode',
    captchaAnswer: 'registerCaptcha',
    captchaId: 'registerCaptcha',
  },
} as const satisfies Record<string, Record<string, keyof RegisterValues>>;

/** The API's field errors (`fieldErrors`) of `operation` placed on the form's fields it names. */
export function placeApiErrors(operation: keyof typeof API_FIELDS, apiErrors: Record<string, string>): FormErrors {
  const fields: Record<string, keyof RegisterValues> = API_FIELDS[operation];
  const errors: FormErrors = {};
  for (const [apiField, message] of Object.entries(apiErrors)) {
    const field = fields[apiField];
    if (field) errors[field] ??= message;
  }
  return errors;
}

/**
 * A refused captcha answer, in the reader's language: the API's own words ask for a new captcha,
 * which the page has already drawn.
 */
export function captchaWording(errors: FormErrors, t: RegisterT): FormErrors {
  const out = { ...errors };
  for (const field of ['codeCaptcha', 'registerCaptcha'] as const) if (out[field]) out[field] = t('captchaRejected');
  return out;
}

/** The fields in the order they appear (the first one with an error gets the focus). */
export const FIELD_ORDER: (keyof RegisterValues)[] = ['username', 'password', 'passwordConfirmation', 'email', 'codeCaptcha', 'emailCode', 'inviteCode', 'registerCaptcha'];

/**
 * What can be told before asking the API (empty fields, the account rules, a confirmation that
 * differs), so that several mistakes show at once; the API checks everything again.
 */
export function checkBeforeRegister(values: RegisterValues, t: RegisterT): FormErrors {
  const errors: FormErrors = {};
  const required: (keyof RegisterValues)[] = ['username', 'password', 'passwordConfirmation', 'email', 'emailCode', 'registerCaptcha'];
  for (const field of required) if (values[field].trim() === '') errors[field] = t('required');
  if (!errors.username && !USERNAME_PATTERN.test(values.username.trim())) errors.username = t('usernameRule');
  if (!errors.password && (values.password.length < PASSWORD_LIMITS.min || values.password.length > PASSWORD_LIMITS.max)) {
    errors.password = t('passwordRule', PASSWORD_LIMITS);
  }
  if (!errors.passwordConfirmation && values.passwordConfirmation !== values.password) errors.passwordConfirmation = t('passwordMismatch');
  return errors;
}

/** Before asking for the e-mail code: an address and the first captcha's answer. */
export function checkBeforeEmailCode(values: RegisterValues, t: RegisterT): FormErrors {
  const errors: FormErrors = {};
  if (values.email.trim() === '') errors.email = t('required');
  if (values.codeCaptcha.trim() === '') errors.codeCaptcha = t('required');
  return errors;
}
