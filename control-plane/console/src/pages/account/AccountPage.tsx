import { useState, type FormEvent } from 'react';
import { Alert, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from 'urql';
import { ChangePasswordDocument } from '../../gql/session/graphql';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useSession } from '../../app/session';
import { PasswordField } from '../../components/PasswordField';
import { defineMessages } from '../../i18n/i18n';
import { formatDateTime } from '../../i18n/format';

const useMessages = defineMessages(
  'account',
  {
    title: 'Account',
    username: 'Username',
    email: 'E-mail',
    role: 'Role',
    ADMIN: 'Administrator',
    USER: 'User',
    inviteCode: 'Invite code',
    since: 'Member since',
    changePassword: 'Change password',
    current: 'Current password',
    next: 'New password',
    confirm: 'Confirm new password',
    submit: 'Change password',
    changed: 'Password changed. Your other sessions were signed out.',
    mismatch: 'The passwords do not match',
    offline: 'The server cannot be reached. Try again.',
  },
  {
    title: '账户',
    username: '用户名',
    email: '邮箱',
    role: '角色',
    ADMIN: '管理员',
    USER: '用户',
    inviteCode: '邀请码',
    since: '注册时间',
    changePassword: '修改密码',
    current: '当前密码',
    next: '新密码',
    confirm: '确认新密码',
    submit: '修改密码',
    changed: '密码已修改，其他会话已退出。',
    mismatch: '两次输入的密码不一致',
    offline: '无法连接服务器，请重试。',
  },
);

/** The viewer's profile and the change-password form. */
export function AccountPage() {
  const t = useMessages();
  const { viewer } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const [result, send] = useMutation(ChangePasswordDocument);
  const errors = fieldErrors(result.error);
  const mismatch = confirm !== '' && next !== confirm;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (mismatch) return;
    const r = await send({ input: { currentPassword: current, newPassword: next, newPasswordConfirmation: confirm } });
    if (r.data?.changePassword) {
      setDone(true);
      setCurrent('');
      setNext('');
      setConfirm('');
    }
  };
  if (!viewer) return null;
  const general = !Object.keys(errors).length ? errorMessage(result.error, t('offline')) : undefined;
  return (
    <Stack maw={640}>
      <Title order={2}>{t('title')}</Title>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>{t('username')}</Table.Th>
            <Table.Td>{viewer.username}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('email')}</Table.Th>
            <Table.Td>{viewer.email}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('role')}</Table.Th>
            <Table.Td>{t(viewer.role)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('inviteCode')}</Table.Th>
            <Table.Td>
              <Text ff="monospace">{viewer.inviteCode}</Text>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('since')}</Table.Th>
            <Table.Td>{formatDateTime(viewer.createdAt)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Title order={3}>{t('changePassword')}</Title>
      <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate>
        <Stack>
          {done && (
            <Alert color="green" role="status">
              {t('changed')}
            </Alert>
          )}
          {general && (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          )}
          <PasswordField label={t('current')} autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} error={errors.currentPassword} required />
          <PasswordField label={t('next')} autoComplete="new-password" value={next} onChange={(e) => setNext(e.currentTarget.value)} error={errors.newPassword} required />
          <PasswordField
            label={t('confirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={mismatch ? t('mismatch') : errors.newPasswordConfirmation}
            required
          />
          <Button type="submit" loading={result.fetching} w="fit-content">
            {t('submit')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
