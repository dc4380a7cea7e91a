import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { IMPORT_FILE_TYPES } from './importCalls';

/** A button that opens the file picker (keyboard and screen reader), inside an area a file can also be dropped on. */
export function FilePicker({ onChoose, disabled }: { onChoose: (file: File) => void; disabled: boolean }) {
  const t = useConsoleT();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onChoose(file);
  };
  return (
    <Paper
      withBorder
      p="md"
      style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-green-light)' : undefined }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Stack gap="xs" align="flex-start">
        <FileButton onChange={(file) => file && onChoose(file)} accept={IMPORT_FILE_TYPES} disabled={disabled}>
          {(props) => (
            <Button {...props} disabled={disabled}>
              {t('import.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="sm">{t('import.drop')}</Text>
        <Text size="sm" c="dimmed">
          {t('import.limit')}
        </Text>
      </Stack>
    </Paper>
  );
}
