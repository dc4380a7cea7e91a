import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useT } from '../../i18n/useT';
import { useConsoleT } from '../i18n/useConsoleT';
import type { Person } from './peopleCalls';
import { ROLE_KEYS } from '../kit/RoleSelect';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';
import { useShowTime } from '../useShowTime';

export type PersonAction = 'edit' | 'disable' | 'enable' | 'reset' | 'unlock';

/** The people, each with what an admin may do to them; never to themselves (the server refuses it too). */
export function PeopleTable({
  people,
  me,
  onAction,
}: {
  people: readonly Person[];
  me: string;
  onAction: (action: PersonAction, person: Person) => void;
}) {
  const t = useConsoleT();
  const tPublic = useT();
  const shown = useShowTime();
  return (
    <ConsoleTable
      columns={[
        t('people.name'),
        t('people.role'),
        t('people.districts'),
        t('people.state'),
        t('people.created'),
        t('people.lastSignIn'),
        t('people.actions'),
      ]}
      minWidth={880}
      striped
      highlightOnHover
      aria-label={t('people.table')}
    >
      {people.map((person) => {
        const mine = person.name === me;
        return (
          <ConsoleRow key={person.name}>
            <Table.Th scope="row" fw={600}>
              {person.name}{' '}
              {mine && (
                <Text span c="dimmed" size="sm">
                  {t('people.you')}
                </Text>
              )}
            </Table.Th>
            <Table.Td>{t(ROLE_KEYS[person.role])}</Table.Td>
            <Table.Td>
              {person.districts.length === 0
                ? t('console.allDistricts')
                : person.districts.map((d) => tPublic(`district.${d}`)).join(', ')}
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                <Badge color={person.disabled ? 'gray' : 'brand'} variant="light" c="dark.7">
                  {person.disabled ? t('people.disabled') : t('people.active')}
                </Badge>
                {person.mustChangePassword && (
                  <Badge color="orange" variant="light" c="dark.7">
                    {t('people.mustChange')}
                  </Badge>
                )}
                {person.lockedUntil !== null && (
                  <Badge color="red" variant="light" c="dark.7">
                    {t('people.lockedUntil', { time: shown(person.lockedUntil, '') })}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{shown(person.createdAt, '')}</Table.Td>
            <Table.Td>{shown(person.lastSignInAt, t('people.never'))}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {person.lockedUntil !== null && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onAction('unlock', person)}
                    aria-label={t('people.unlockOf', { name: person.name })}
                  >
                    {t('people.unlock')}
                  </Button>
                )}
                {!mine && (
                  <>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onAction('edit', person)}
                      aria-label={t('people.editOf', { name: person.name })}
                    >
                      {t('people.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onAction('reset', person)}
                      aria-label={t('people.resetOf', { name: person.name })}
                    >
                      {t('people.reset')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color={person.disabled ? undefined : 'red'}
                      onClick={() => onAction(person.disabled ? 'enable' : 'disable', person)}
                      aria-label={t(person.disabled ? 'people.enableOf' : 'people.disableOf', { name: person.name })}
                    >
                      {person.disabled ? t('people.enable') : t('people.disable')}
                    </Button>
                  </>
                )}
              </Group>
            </Table.Td>
          </ConsoleRow>
        );
      })}
    </ConsoleTable>
  );
}
