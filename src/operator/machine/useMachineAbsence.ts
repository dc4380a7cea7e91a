import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { useConsoleCall } from '../session/ConsoleApi';

/** Why a machine is not in the person's fleet: outside their districts (the server's 403), or no such machine. */
export type Absence = 'forbidden' | 'notFound';

/**
 * Asks the server about a machine the fleet lacks (an address typed or followed), so that the page can say "outside
 * your districts" rather than "no such machine". Null while it asks, or when the machine is not absent.
 */
export function useMachineAbsence(id: string, absent: boolean): Absence | null {
  const call = useConsoleCall();
  const [absence, setAbsence] = useState<Absence | null>(null);
  useEffect(() => {
    if (!absent) return;
    let current = true;
    call(`operator/machines/${encodeURIComponent(id)}`, undefined, {
      method: 'GET',
      throw_error: true,
      not_blocking: true,
    }).then(
      () => current && setAbsence('notFound'),
      (error: unknown) =>
        current && setAbsence(error instanceof ApiError && error.status === 403 ? 'forbidden' : 'notFound'),
    );
    return () => {
      current = false;
    };
  }, [absent, call, id]);
  return absent ? absence : null;
}
