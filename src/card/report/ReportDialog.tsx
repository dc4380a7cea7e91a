import { Modal } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { apiAtom } from '../../api/apiAtom';
import { localeAtom } from '../../i18n/localeAtom';
import { useT } from '../../i18n/useT';
import { machineByIdAtom } from '../../machines/machinesAtom';
import { machineText } from '../../machines/text';
import { reportMachineIdAtom } from './reportAtom';

const ReportForm = lazy(() => import('./ReportForm'));

/** The problem report dialog (issue 68): the form and its proof of work load only when a visitor opens it. */
export function ReportDialog() {
  const [id, setId] = useAtom(reportMachineIdAtom);
  const machine = useAtomValue(machineByIdAtom).get(id ?? '');
  const locale = useAtomValue(localeAtom);
  const { call } = useAtomValue(apiAtom);
  const t = useT();
  const name = machine ? machineText(machine, 'name', locale) : '';
  const opened = Boolean(machine);
  const close = () => setId(null);
  // Escape closes only this dialog, not the popup behind it (as PhotoDialog.tsx).
  useWindowEvent(
    'keydown',
    (event) => {
      if (!opened || event.key !== 'Escape' || event.isComposing) return;
      event.stopPropagation();
      close();
    },
    { capture: true },
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={false}
      title={t('card.reportProblemWith', { name })}
      centered
      zIndex={3000}
      closeButtonProps={{ 'aria-label': t('card.close') }}
    >
      {machine && (
        <Suspense fallback={null}>
          <ReportForm machineId={machine.id} call={call} locale={locale} onClose={close} />
        </Suspense>
      )}
    </Modal>
  );
}
