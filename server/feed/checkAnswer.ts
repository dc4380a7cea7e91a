import type { FeedMachine } from '../db/feedStore';
import { showText, showValue } from '../machines/showValue';
import { validateMachineRow } from '../machines/validate';
import { isRecord } from '../../shared/isRecord';

/** A feed's photo id: one path segment, as strict as a machine id (no ".", "..", "/" or "%"). */
export const FEED_PHOTO_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** One answer of the feed, checked machine by machine. */
export interface CheckedAnswer {
  /** The valid machines, each with where its photo stands. */
  machines: FeedMachine[];
  /** Every id the feed sent, malformed machines included: those keep their last good record. */
  presentIds: string[];
  /** The photos named and not stored yet: feed photo id → the machines that name it. */
  wantedPhotos: Map<string, string[]>;
  /** How many machines were skipped. */
  skipped: number;
}

/**
 * Checks each machine of the feed's answers as an import would; a bad one is skipped with its reason logged, once
 * until the reason changes, so a feed that repeats a fault every poll is not logged every poll.
 */
export class AnswerCheck {
  private readonly skipLogged = new Map<string, string>();

  constructor(private readonly log: (message: string) => void) {}

  check(rvms: readonly unknown[], storedPhotos: ReadonlyMap<string, string>): CheckedAnswer {
    const answer: CheckedAnswer = { machines: [], presentIds: [], wantedPhotos: new Map(), skipped: 0 };
    const seen = new Set<string>();
    rvms.forEach((value, index) => {
      const id = isRecord(value) && typeof value.id === 'string' ? value.id : null;
      const key = id ?? `#${index + 1}`;
      if (id !== null) answer.presentIds.push(id);
      if (id !== null && seen.has(id)) {
        answer.skipped += 1;
        return this.skipped(key, 'the feed sends this id twice; the first is kept');
      }
      if (id !== null) seen.add(id);
      const result = validateMachineRow(value, index + 1);
      if (!result.ok) {
        answer.skipped += 1;
        return this.skipped(key, result.errors.join('; '));
      }
      this.skipLogged.delete(key);
      const feedPhoto = this.photoId((value as Record<string, unknown>).picture, key);
      const { row } = result;
      if (feedPhoto === null) return answer.machines.push({ row, photo: { kind: 'none' } });
      if (feedPhoto === undefined) return answer.machines.push({ row, photo: { kind: 'keep' } });
      const fileId = storedPhotos.get(feedPhoto);
      if (fileId !== undefined) return answer.machines.push({ row, photo: { kind: 'stored', fileId } });
      answer.wantedPhotos.set(feedPhoto, [...(answer.wantedPhotos.get(feedPhoto) ?? []), row.id]);
      answer.machines.push({ row, photo: { kind: 'waiting' } });
    });
    return answer;
  }

  /** The feed's photo id; null when it names none; undefined when its picture is not usable (logged). */
  private photoId(picture: unknown, key: string): string | null | undefined {
    if (picture === undefined || picture === null) return null;
    if (isRecord(picture) && typeof picture.id === 'string' && FEED_PHOTO_ID.test(picture.id)) return picture.id;
    this.skipped(
      `${key} picture`,
      `picture ${showValue(picture)} is not { id } with an id of letters, digits, "_" or "-"; the machine keeps its photo`,
    );
    return undefined;
  }

  private skipped(key: string, reason: string): void {
    if (this.skipLogged.get(key) === reason) return;
    this.skipLogged.set(key, reason);
    this.log(`feed: machine ${showText(key)} skipped: ${reason}`);
  }
}
