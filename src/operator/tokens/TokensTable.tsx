import { Badge, Button, Table } from '@mantine/core';
import { useT } from '../../i18n/useT';
import { useConsoleT } from '../i18n/useConsoleT';
import type { ApiToken } from './tokenCalls';
import { useShowTime } from '../useShowTime';
import { ROLE_KEYS } from '../kit/RoleSelect';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';

const STATE_COLOURS = { active: 'brand', expired: 'orange', revoked: 'gray' } as const;

/** The named tokens, newest first, each revocable while it is active. */
export function TokensTable({
  tokens,
  onRevoke,
}: {
  tokens: readonly ApiToken[];
  onRevoke: (token: ApiToken) => void;
}) {
  const t = useConsoleT();
  const tPublic = useT();
  const shown = useShowTime();
  return (
    <ConsoleTable
      columns={[
        t('tokens.name'),
        t('tokens.starts'),
        t('people.role'),
        t('people.districts'),
        t('people.state'),
        t('tokens.createdBy'),
        t('tokens.expires'),
        t('tokens.lastUsed'),
        t('people.actions'),
      ]}
      minWidth={960}
      striped
      highlightOnHover
      aria-label={t('tokens.table')}
    >
      {tokens.map((token) => (
        <ConsoleRow key={token.id}>
          <Table.Th scope="row" fw={600}>
            {token.name}
          </Table.Th>
          <Table.Td>
            <code>{token.hint}…</code>
          </Table.Td>
          <Table.Td>{t(ROLE_KEYS[token.role])}</Table.Td>
          <Table.Td>
            {token.districts.length === 0
              ? t('console.allDistricts')
              : token.districts.map((d) => tPublic(`district.${d}`)).join(', ')}
          </Table.Td>
          <Table.Td>
            <Badge color={STATE_COLOURS[token.state]} variant="light" c="dark.7">
              {t(`tokens.state.${token.state}`)}
            </Badge>
          </Table.Td>
          <Table.Td>
            {token.createdBy}, {shown(token.createdAt, '')}
          </Table.Td>
          <Table.Td>{shown(token.expiresAt, '')}</Table.Td>
          <Table.Td>{shown(token.lastUsedAt, t('people.never'))}</Table.Td>
          <Table.Td>
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
        </ConsoleRow>
      ))}
    </ConsoleTable>
  );
}
