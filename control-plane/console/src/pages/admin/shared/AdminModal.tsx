import type { ReactNode } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { useAdminMessages } from '../messages';

/** A dialog of the administration area: its close button has a name screen readers can say. */
export function AdminModal({ children, ...props }: Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size' | 'centered'> & { children: ReactNode }) {
  const t = useAdminMessages();
  return (
    <Modal {...props} closeButtonProps={{ 'aria-label': t('close') }}>
      {children}
    </Modal>
  );
}
