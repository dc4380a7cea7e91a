import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { BenchRecord } from '../record/record';

/** How long "Copied" shows. */
const COPIED_MS = 2_000;

const recordText = (record: BenchRecord) => `${JSON.stringify(record, null, 2)}\n`;

/** The clipboard API where the page is a secure context (https, localhost); else the older copy command. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = Object.assign(document.createElement('textarea'), { value: text });
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('the browser refused to copy');
}

function download(record: BenchRecord): void {
  const url = URL.createObjectURL(new Blob([recordText(record)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `rvm-bench-${record.createdAt.replace(/[:.]/g, '-')}.json`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface ResultActionsProps {
  record: () => BenchRecord;
  hasRuns: boolean;
  running: boolean;
  onClear: () => void;
}

/** Copy results and Download JSON (the record npm run bench writes), and Clear. */
export function ResultActions({ record, hasRuns, running, onClear }: ResultActionsProps) {
  const [message, setMessage] = useState('');
  const copy = () =>
    copyText(recordText(record()))
      .then(
        () => setMessage('Copied'),
        (error: unknown) => setMessage(`Not copied: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => setTimeout(() => setMessage(''), COPIED_MS));
  return (
    <Group gap="xs">
      <Button variant="default" size="sm" disabled={!hasRuns} onClick={() => void copy()}>
        Copy results
      </Button>
      <Button variant="default" size="sm" disabled={!hasRuns} onClick={() => download(record())}>
        Download JSON
      </Button>
      <Button variant="subtle" color="gray" size="sm" disabled={!hasRuns || running} onClick={onClear}>
        Clear
      </Button>
      <Text size="sm" c="dimmed" role="status">
        {message}
      </Text>
    </Group>
  );
}
