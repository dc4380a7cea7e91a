import { ScrollArea, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FONT_SIZES_PX } from '../config';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { awaitingListAtom } from '../machines/machinesAtom';
import { fontSizeAtom } from '../settings/fontSizeAtom';
import { listedMachinesAtom } from './listedMachinesAtom';
import { resultMachineAt } from '../filters/filterResult';
import { listWindow, scrollTopToReveal } from './listWindow';
import { LocationRow } from './LocationRow';
import { useViewportSize } from './useViewportSize';
import classes from './LocationList.module.css';

/** Every row is this tall (two clamped lines per column), so the list can draw only the rows in view. */
export const ROW_HEIGHT_REM = 3.5;

const KEY_STEPS: Record<string, (index: number, page: number, last: number) => number> = {
  ArrowDown: (i) => i + 1,
  ArrowUp: (i) => i - 1,
  PageDown: (i, page) => i + page,
  PageUp: (i, page) => i - page,
  Home: () => 0,
  End: (_i, _page, last) => last,
};

/**
 * The filtered machines as a list with an address column; choosing one flies the map to it. Only the
 * rows in view are in the document, so 100k machines cost what 20 do. One row is the Tab stop; the
 * arrow keys, Page Up/Down, Home and End move between rows.
 */
export function LocationList({ onChoose }: { onChoose?: (machine: Machine) => void }) {
  const result = useAtomValue(listedMachinesAtom);
  const awaitingList = useAtomValue(awaitingListAtom);
  const rowPx = ROW_HEIGHT_REM * FONT_SIZES_PX[useAtomValue(fontSizeAtom)];
  const t = useT();
  const headingId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const viewportPx = useViewportSize(viewportRef);
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState({ result, index: 0, focus: false });
  // A new result starts the Tab stop at its first row again.
  const activeIndex = active.result === result ? Math.min(active.index, Math.max(result.count - 1, 0)) : 0;
  const track = { count: result.count, rowPx, viewportPx };
  const win = listWindow(scrollTop, track);

  useEffect(() => {
    if (!active.focus || active.result !== result) return;
    listRef.current?.querySelector<HTMLElement>(`[data-row="${active.index}"] button`)?.focus({ preventScroll: true });
  }, [active, result]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = KEY_STEPS[e.key];
    if (!step || result.count === 0) return;
    e.preventDefault();
    const page = Math.max(1, Math.floor(viewportPx / rowPx) - 1);
    const index = Math.min(Math.max(step(activeIndex, page, result.count - 1), 0), result.count - 1);
    const reveal = scrollTopToReveal(index, scrollTop, track);
    if (reveal !== null && viewportRef.current) {
      viewportRef.current.scrollTop = reveal;
      setScrollTop(viewportRef.current.scrollTop);
    }
    setActive({ result, index, focus: true });
  };

  const rows: number[] = [];
  for (let i = win.start; i < win.end; i++) rows.push(i);
  // The Tab stop stays in the document even when scrolled out of view.
  if (result.count > 0 && (activeIndex < win.start || activeIndex >= win.end)) rows.push(activeIndex);

  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <div className={classes.heading}>
        <Text id={headingId} component="h2" fw={700} size="md" m={0}>
          {t('list.title')}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {awaitingList ? '' : t('list.count', { count: result.count })}
        </Text>
      </div>
      <div className={classes.columns} aria-hidden="true">
        <span>{t('list.name')}</span>
        <span>{t('list.address')}</span>
      </div>
      <ScrollArea
        className={classes.scroll}
        classNames={{ viewport: classes.viewport }}
        type="auto"
        offsetScrollbars
        viewportRef={viewportRef}
        onScrollPositionChange={({ y }) => setScrollTop(y)}
      >
        {awaitingList ? null : result.count === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {t('list.empty')}
          </Text>
        ) : (
          <ul
            ref={listRef}
            className={classes.list}
            aria-labelledby={headingId}
            style={{ height: win.height, ['--row-height' as string]: `${ROW_HEIGHT_REM}rem` }}
            onKeyDown={onKeyDown}
          >
            {rows.map((i) => (
              <LocationRow
                key={resultMachineAt(result, i).id}
                machine={resultMachineAt(result, i)}
                position={i}
                setSize={result.count}
                top={i * rowPx + win.shift}
                tabbable={i === activeIndex}
                onFocus={() =>
                  setActive((a) => (a.result === result && a.index === i ? a : { result, index: i, focus: false }))
                }
                onChoose={onChoose}
              />
            ))}
          </ul>
        )}
      </ScrollArea>
    </section>
  );
}
