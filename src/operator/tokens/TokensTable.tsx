import { Badge, Button, Table } from '@mantine/core';
import { useT } from '../../i18n/useT';
import { useConsoleT } from '../i18n/useConsoleT';
import type { ApiToken } from '../people/peopleCalls';
import { useShownTime } from '../people/PeopleTable';
import { ROLE_KEYS } from '../people/RoleSelect';
import { ConsoleTable } from '../ConsoleTable';

const STATE_COLOURS = { active: 'brand', expired: 'orange', revoked: 'gray' } as const;

/** The named tokens, newest first, each revocable while it is active. */
export function TokensTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  const t = useConsoleT();
  const tPublic = useT();
  const shown = useShownTime();
  return (
    <ConsoleTable minWidth={960} striped highlightOnHover aria-label={t('tokens.table')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('tokens.name')}</Table.Th>
          <Table.Th scope="col">{t('tokens.starts')}</Table.Th>
          <Table.Th scope="col">{t('people.role')}</Table.Th>
          <Table.Th scope="col">{t('people.districts')}</Table.Th>
          <Table.Th scope="col">{t('people.state')}</Table.Th>
          <Table.Th scope="col">{t('tokens.createdBy')}</Table.Th>
          <Table.Th scope="col">{t('tokens.expires')}</Table.Th>
          <Table.Th scope="col">{t('tokens.lastUsed')}</Table.Th>
          <Table.Th scope="col">{t('people.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => (
          <Table.Tr key={token.id}>
            <Table.Th scope="row" fw={600}>
              {token.name}
            </Table.Th>
            <Table.Td data-label={t('tokens.starts')}>
              <code>{token.hint}…</code>
            </Table.Td>
            <Table.Td data-label={t('people.role')}>{t(ROLE_KEYS[token.role])}</Table.Td>
            <Table.Td data-label={t('people.districts')}>
              {token.districts.length === 0
                ? t('console.allDistricts')
                : token.districts.map((d) => tPublic(`district.${d}`)).join(', ')}
            </Table.Td>
            <Table.Td data-label={t('people.state')}>
              <Badge color={STATE_COLOURS[token.state]} variant="light" c="dark.7">
                {t(`tokens.state.${token.state}`)}
              </Badge>
            </Table.Td>
            <Table.Td data-label={t('tokens.createdBy')}>
              {token.createdBy}, {shown(token.createdAt, '')}
            </Table.Td>
            <Table.Td data-label={t('tokens.expires')}>{shown(token.expiresAt, '')}</Table.Td>
            <Table.Td data-label={t('tokens.lastUsed')}>{shown(token.lastUsedAt, t('people.never'))}</Table.Td>
            <Table.Td data-label={t('people.actions')}>
              {token.state === 'active' && (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  onClick={() => onRevoke(token)}
                  aria-label={t('tokens.revokeOf', { name: token.name })}
                >
                  {t('tokens.revoke')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ConsoleTable>
  );
}
