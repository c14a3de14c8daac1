import { Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import type { Example } from './examples';
import { useTokensMessages } from './messages';

/** An example's code, with a button above it that copies it. */
export function ExampleCode({ example }: { example: Example }) {
  const t = useTokensMessages();
  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <CopyButton value={example.code}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" onClick={copy} aria-label={`${t('copy')}: ${example.client}`}>
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ whiteSpace: 'pre', overflowX: 'auto' }} data-testid={`example-${example.id}`}>
        {example.code}
      </Code>
    </Stack>
  );
}
