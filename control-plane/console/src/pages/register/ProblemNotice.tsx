import { useEffect, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import type { CombinedError } from 'urql';
import { errorMessage, retryAfterSeconds } from '../../api/errors';
import type { RegisterT } from './messages';

/** Seconds left before a RATE_LIMITED operation may be tried again, counting down; 0 when it may. */
export function useRetryCountdown(error: CombinedError | undefined): number {
  const seconds = retryAfterSeconds(error);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (seconds === undefined) {
      setLeft(0);
      return undefined;
    }
    const until = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [error, seconds]);
  return left;
}

/**
 * An operation's error that belongs to no field: a rate limit is called what it is, with the
 * API's message (the button it stopped counts the wait down); anything else is the API's message
 * or, offline, a plain sentence.
 */
export function ProblemNotice({ t, error }: { t: RegisterT; error: CombinedError | undefined }) {
  if (!error) return null;
  const limited = retryAfterSeconds(error) !== undefined;
  return (
    <Alert color={limited ? 'orange' : 'red'} role="alert">
      {limited && <Text fw={700}>{t('tooMany')}</Text>}
      <Text size="sm">{limited ? error.graphQLErrors[0]?.message : errorMessage(error, t('offline'))}</Text>
    </Alert>
  );
}
