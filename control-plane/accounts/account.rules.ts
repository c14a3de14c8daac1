/** Usernames: 4 to 12 letters, digits or underscores (spec, "Account"); unique ignoring case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,12}$/;

/** Passwords: at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** Passwords: at most 128 characters, which keeps scrypt's input (and the request) small. */
export const PASSWORD_MAX_LENGTH = 128;

/** E-mail addresses: the SMTP path limit. */
export const EMAIL_MAX_LENGTH = 254;

/** Every new (non-admin) account starts with this credit: 0.20 RMB in micro-RMB. */
export const TRIAL_CREDIT_MICRO = 200_000n;

/** Length of each account's own invite code. */
export const INVITE_CODE_LENGTH = 8;
