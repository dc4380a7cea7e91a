import { useEffect } from 'react';
import { loadLocaleFont } from '../i18n/localeFonts';
import './consoleFonts.css';
import { ConsoleShell } from './ConsoleShell';
import { ConsoleI18n } from './i18n/ConsoleI18n';
import { ConsoleApi } from './session/ConsoleApi';
import { SessionGate } from './session/SessionGate';
import { StepUpDialog } from './security/StepUpDialog';

/** The operator console at /operator: its own chunk, texts and API client; a signed-in person only. */
export function OperatorApp() {
  // Every machine has names in both Chinese scripts, whatever the interface language: both faces, on demand.
  useEffect(() => {
    loadLocaleFont('zht');
    loadLocaleFont('zhs');
  }, []);
  return (
    <ConsoleI18n>
      <ConsoleApi onUnauthorized="signIn">
        <SessionGate>
          <ConsoleShell />
          <StepUpDialog />
        </SessionGate>
      </ConsoleApi>
    </ConsoleI18n>
  );
}
