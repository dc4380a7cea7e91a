import { NativeSelect } from '@mantine/core';
import { ROLES, type Role } from '../session/session';
import { useConsoleT } from '../i18n/useConsoleT';

export const ROLE_KEYS = {
  admin: 'console.roleAdmin',
  operator: 'console.roleOperator',
  viewer: 'console.roleViewer',
} as const;

/** The role of a person or a token, as the console names them. */
export function RoleSelect({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const t = useConsoleT();
  return (
    <NativeSelect
      label={t('people.role')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as Role)}
      data={ROLES.map((role) => ({ value: role, label: t(ROLE_KEYS[role]) }))}
    />
  );
}
