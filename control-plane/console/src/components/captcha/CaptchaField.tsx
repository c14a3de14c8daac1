import type { KeyboardEvent } from 'react';
import { ActionIcon, Box, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../../api/errors';
import { defineMessages } from '../../i18n/i18n';
import type { CaptchaState } from './useCaptcha';

const useMessages = defineMessages(
  'captcha',
  {
    captchaHint: 'Upper or lower case, either works',
    captchaAlt: 'Security check: an image of 5 distorted characters',
    captchaLoading: 'Loading a new security check image',
    newCaptcha: 'Show another image',
    offline: 'The server cannot be reached. Check your connection and try again.',
  },
  {
    captchaHint: '不区分大小写',
    captchaAlt: '安全验证：一张含 5 个变形字符的图片',
    captchaLoading: '正在加载新的验证图片',
    newCaptcha: '换一张图片',
    offline: '无法连接服务器，请检查网络后重试。',
  },
);

/** The image is drawn this size by the API. */
const IMAGE = { width: 150, height: 50 };

interface CaptchaFieldProps {
  state: CaptchaState;
  label: string;
  /** The answer input's name (the form finds fields by it). */
  name: string;
  answer: string;
  onAnswer(value: string): void;
  error?: string;
  /** Enter in the answer field does this instead of submitting the form. */
  onEnter?(): void;
}

/**
 * An image captcha: the picture (its id in `data-captcha-id`), a button for another one, and the
 * answer field with any error the API gave for it.
 */
export function CaptchaField({ state, label, name, answer, onAnswer, error, onEnter }: CaptchaFieldProps) {
  const t = useMessages();
  const { captcha, loading } = state;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      onEnter();
    }
  };
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <Box w={IMAGE.width} h={IMAGE.height} bg="gray.0" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, display: 'grid', placeItems: 'center', flex: 'none' }}>
          {captcha ? (
            <img src={`data:image/svg+xml;utf8,${encodeURIComponent(captcha.image)}`} alt={t('captchaAlt')} width={IMAGE.width} height={IMAGE.height} data-captcha-id={captcha.id} />
          ) : loading ? (
            <Loader size="sm" aria-label={t('captchaLoading')} />
          ) : null}
        </Box>
        <ActionIcon variant="default" size="lg" onClick={state.renew} loading={loading} aria-label={t('newCaptcha')}>
          <span aria-hidden>↻</span>
        </ActionIcon>
      </Group>
      {state.error && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(state.error, t('offline'))}
        </Text>
      )}
      <TextInput
        label={label}
        name={name}
        description={t('captchaHint')}
        value={answer}
        onChange={(e) => onAnswer(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={error}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={32}
        required
      />
    </Stack>
  );
}
