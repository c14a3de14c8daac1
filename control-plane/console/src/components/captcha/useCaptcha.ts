import { useCallback, useEffect } from 'react';
import { useMutation, type CombinedError } from 'urql';
import { NewCaptchaDocument, type CaptchaPurpose } from '../../gql/captcha/graphql';

/** An image captcha of one purpose: the current one (none while a new one loads) and a way to get another. */
export interface CaptchaState {
  captcha: { id: string; image: string } | undefined;
  loading: boolean;
  /** Why no captcha could be had (offline, too many asked for). */
  error: CombinedError | undefined;
  /** Asks for a new captcha (each one is spent by a single attempt, right or wrong). */
  renew(): void;
}

/** Fetches a captcha for `purpose` once `active` (on mount by default), and another whenever `renew` is called. */
export function useCaptcha(purpose: CaptchaPurpose, active = true): CaptchaState {
  const [result, create] = useMutation(NewCaptchaDocument);
  const renew = useCallback(() => void create({ purpose }), [create, purpose]);
  useEffect(() => {
    if (active) renew();
  }, [renew, active]);
  return { captcha: result.fetching ? undefined : result.data?.createCaptcha, loading: result.fetching, error: result.error, renew };
}
