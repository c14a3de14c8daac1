import { useCallback, useEffect } from 'react';
import { useMutation, type CombinedError } from 'urql';
import { RegisterCaptchaDocument, type CaptchaPurpose } from '../../gql/register/graphql';

/** An image captcha of one purpose: the current one (none while a new one loads) and a way to get another. */
export interface CaptchaState {
  captcha: { id: string; image: string } | undefined;
  loading: boolean;
  /** Why no captcha could be had (offline, too many asked for). */
  error: CombinedError | undefined;
  /** Asks for a new captcha (each one is spent by a single attempt, right or wrong). */
  renew(): void;
}

/** Fetches a captcha for `purpose` on mount, and another whenever `renew` is called. */
export function useCaptcha(purpose: CaptchaPurpose): CaptchaState {
  const [result, create] = useMutation(RegisterCaptchaDocument);
  const renew = useCallback(() => void create({ purpose }), [create, purpose]);
  useEffect(renew, [renew]);
  return { captcha: result.fetching ? undefined : result.data?.createCaptcha, loading: result.fetching, error: result.error, renew };
}
