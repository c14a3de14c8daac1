import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, Collapse, Grid, Group, Paper, Text, Title } from '@mantine/core';
import type { AvailabilityGroupFragment } from '../../gql/availability/graphql';
import { useAvailabilityMessages } from './messages';
import { ModelTable } from './ModelTable';
import { StateBadge } from './StateBadge';
import { WindowStats } from './WindowStats';
import { historyLink } from './history-period';

/**
 * One group as a row: its name and state, its success rates (or one line when it had no requests
 * in 30 days), its per-model breakdown on demand and a link to its history. On narrow screens the
 * rates go below the name and the buttons.
 */
export function GroupCard({ group, displayName }: { group: AvailabilityGroupFragment; displayName: string | undefined }) {
  const t = useAvailabilityMessages();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const modelsId = useId();
  const label = displayName ?? group.group;
  const idle = group.windows.month.requests === 0;
  return (
    <Paper component="section" withBorder p="sm" px="md" aria-labelledby={headingId} data-group={group.group} data-state={group.state}>
      <Grid align="center" gap="sm">
        <Grid.Col span={{ base: 7, md: 3 }} order={1}>
          <Title order={3} size="h5" id={headingId}>
            {label}
          </Title>
          <Group gap="xs" mt={4} wrap="wrap">
            <StateBadge state={group.state} />
            {displayName && displayName !== group.group && (
              <Text size="xs" c="gray.7" ff="monospace">
                {group.group}
              </Text>
            )}
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 'content' }} order={{ base: 2, md: 3 }}>
          <Group gap="xs" justify="flex-end" align="flex-end">
            <Button variant="default" size="compact-sm" disabled={group.models.length === 0} aria-expanded={open} aria-controls={modelsId} onClick={() => setOpen((o) => !o)}>
              {t('perModel', { n: group.models.length })}
            </Button>
            <Button component={Link} to={historyLink(group.group, 'day')} variant="light" size="compact-sm" aria-label={t('historyOf', { group: label })}>
              {t('history')}
            </Button>
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 'auto' }} order={{ base: 3, md: 2 }}>
          {idle ? (
            <Text size="sm" c="gray.7">
              {t('idle')}
            </Text>
          ) : (
            <WindowStats windows={group.windows} />
          )}
        </Grid.Col>
      </Grid>
      <Collapse expanded={open && group.models.length > 0} id={modelsId}>
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
          <ModelTable groupLabel={label} models={group.models} />
        </div>
      </Collapse>
    </Paper>
  );
}
