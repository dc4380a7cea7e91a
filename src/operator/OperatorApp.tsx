import { ConsoleShell } from './ConsoleShell';
import { ConsoleI18n } from './i18n/ConsoleI18n';
import { ConsoleApi } from './session/ConsoleApi';
import { SessionGate } from './session/SessionGate';

/** The operator console at /operator: its own chunk, texts and API client; a signed-in person only. */
export function OperatorApp() {
  return (
    <ConsoleI18n>
      <ConsoleApi onUnauthorized="signIn">
        <SessionGate>
          <ConsoleShell />
        </SessionGate>
      </ConsoleApi>
    </ConsoleI18n>
  );
}
