import { useId } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput, with its error and hint tied to the input: unlike its other inputs it
 * sets neither `aria-invalid` nor `aria-describedby`, so a screen reader would not hear the error.
 */
export function PasswordField(props: PasswordInputProps) {
  const id = useId();
  const describedBy = [props.error ? `${id}-error` : '', props.description ? `${id}-description` : ''].filter(Boolean).join(' ');
  return <PasswordInput {...props} id={id} aria-invalid={props.error ? true : undefined} aria-describedby={describedBy || undefined} />;
}
