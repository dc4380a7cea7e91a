import { Button } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useT } from '../../i18n/useT';
import { reportMachineIdAtom } from './reportAtom';

/** "Report a problem" on a machine's card: opens the report dialog (ReportDialog.tsx), whose form loads when asked for. */
export function ReportProblem({ machineId, name }: { machineId: string; name: string }) {
  const t = useT();
  const open = useSetAtom(reportMachineIdAtom);
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      mt={4}
      w="fit-content"
      aria-haspopup="dialog"
      aria-label={t('card.reportProblemWith', { name })}
      onClick={(event) => {
        // Not a click on the card, which tells the host page about the machine.
        event.stopPropagation();
        open(machineId);
      }}
    >
      {t('card.reportProblem')}
    </Button>
  );
}
