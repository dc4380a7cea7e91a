import { screen, waitFor, within } from '@testing-library/react';
import { useCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderConsole } from '../../../tests/support/consoleRender';
import en from '../i18n/locales/en.json';
import { ListState } from './ListState';
import { usePagedList } from './usePagedList';

/** A list of numbers the fake server hands out two at a time, `next` the key of the following page. */
function Numbers() {
  const list = usePagedList(
    useCallback(async (before: string | null) => {
      const answer = await fetch(`/numbers?before=${before ?? ''}`);
      if (!answer.ok) throw new Error(`status ${answer.status}`);
      return (await answer.json()) as { items: number[]; next: string | null };
    }, []),
  );
  return (
    <ListState
      items={list.items}
      failure={list.failure}
      failed="Could not read the numbers."
      empty="No numbers."
      more={list.next === null ? null : { label: 'More', busy: list.busy, onMore: () => void list.more() }}
    >
      {(numbers) => <p>{numbers.join(' ')}</p>}
    </ListState>
  );
}

describe('the list kit', () => {
  it('waits, shows the first page, appends the next on More, and offers no More after the last', async () => {
    fakeServer(({ path }) =>
      path.endsWith('before=')
        ? { status: 200, body: { items: [1, 2], next: 'b' } }
        : { status: 200, body: { items: [3], next: null } },
    );
    renderConsole(<Numbers />);
    expect(screen.getByText(en.console.loading)).toBeTruthy();
    expect(await screen.findByText('1 2')).toBeTruthy();
    screen.getByRole('button', { name: 'More' }).click();
    expect(await screen.findByText('1 2 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('says an empty list in its words', async () => {
    fakeServer(() => ({ status: 200, body: { items: [], next: null } }));
    renderConsole(<Numbers />);
    expect(await screen.findByText('No numbers.')).toBeTruthy();
  });

  it('says a failed read as an alert, the list it had staying shown', async () => {
    fakeServer(({ path }) =>
      path.endsWith('before=') ? { status: 200, body: { items: [1, 2], next: 'b' } } : { status: 500, body: {} },
    );
    renderConsole(<Numbers />);
    (await screen.findByRole('button', { name: 'More' })).click();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Could not read the numbers\./)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 2')).toBeTruthy());
  });
});
