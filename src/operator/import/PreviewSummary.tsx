import { Badge, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { PREVIEW_KINDS, type ImportPreview, type PreviewKind } from './importPreview';
import { AddedTable, ChangedTable, RefTable, RejectedTable } from './PreviewTables';

const KIND_COLOURS: Record<PreviewKind, string> = {
  added: 'green',
  changed: 'blue',
  deactivated: 'orange',
  unchanged: 'gray',
  rejected: 'red',
};

/** The preview's counts, what `children` adds (the Apply button), then a tab per kind of row with its table; the rejected rows first when there are any. */
export function PreviewSummary({ preview, children }: { preview: ImportPreview; children?: ReactNode }) {
  const t = useConsoleT();
  const first = preview.counts.rejected > 0 ? 'rejected' : preview.counts.changed > 0 ? 'changed' : 'added';
  const [tab, setTab] = useState<string | null>(first);
  const label = (kind: PreviewKind) => t(`import.${kind}`);
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>{t('import.summary', { file: preview.file })}</Title>
        <Text size="sm" c="dimmed">
          {t('import.rows', { count: preview.rows })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" component="dl" m={0}>
        {PREVIEW_KINDS.map((kind) => (
          <Paper withBorder p="sm" key={kind}>
            <Text component="dt" size="sm">
              {label(kind)}
            </Text>
            <Text component="dd" m={0} fw={700} fz="xl" data-kind={kind}>
              {preview.counts[kind].toLocaleString()}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {children}
      {preview.warnings.length > 0 && (
        <Text size="sm">{t('import.photosNotSent', { count: preview.warnings.length })}</Text>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('import.kinds')}>
          {PREVIEW_KINDS.map((kind) => (
            <Tabs.Tab
              value={kind}
              key={kind}
              rightSection={
                <Badge color={KIND_COLOURS[kind]} variant="light" size="sm" aria-hidden>
                  {preview.counts[kind].toLocaleString()}
                </Badge>
              }
            >
              {label(kind)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="added" pt="sm">
          <AddedTable rows={preview.added} label={label('added')} />
        </Tabs.Panel>
        <Tabs.Panel value="changed" pt="sm">
          <ChangedTable rows={preview.changed} label={label('changed')} />
        </Tabs.Panel>
        <Tabs.Panel value="deactivated" pt="sm">
          <RefTable rows={preview.deactivated} label={label('deactivated')} />
        </Tabs.Panel>
        <Tabs.Panel value="unchanged" pt="sm">
          <RefTable rows={preview.unchanged} label={label('unchanged')} />
        </Tabs.Panel>
        <Tabs.Panel value="rejected" pt="sm">
          <RejectedTable rows={preview.rejected} label={label('rejected')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
