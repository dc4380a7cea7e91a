import { TextInput } from '@mantine/core';
import type { District } from '../../../shared/machine';
import type { Role } from '../session/session';
import { DistrictChecks } from './DistrictChecks';
import { RoleSelect } from './RoleSelect';

/** The field of a new account's or token's name: its label, the rule it follows, and what is typed. */
export interface NameField {
  label: string;
  hint: string;
  value: string;
  onChange: (name: string) => void;
}

/**
 * What a person or a token may do: its name when it is new (`name`), its role, and its districts, which an admin's
 * role makes every district.
 */
export function AccessFields({
  name,
  role,
  onRole,
  districts,
  onDistricts,
}: {
  name: NameField | null;
  role: Role;
  onRole: (role: Role) => void;
  districts: District[];
  onDistricts: (districts: District[]) => void;
}) {
  return (
    <>
      {name && (
        <TextInput
          label={name.label}
          description={name.hint}
          value={name.value}
          onChange={(event) => name.onChange(event.currentTarget.value)}
          required
          autoComplete="off"
          data-autofocus
        />
      )}
      <RoleSelect value={role} onChange={onRole} />
      <DistrictChecks value={districts} onChange={onDistricts} disabled={role === 'admin'} />
    </>
  );
}
