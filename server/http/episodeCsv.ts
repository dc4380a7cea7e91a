import { EPISODE_CSV_COLUMNS, type ServiceEpisode } from '../../shared/contract/service';
import { BYTE_ORDER_MARK, csvLine } from './auditCsv';

/** The episodes as CSV, one line per episode, minutes rounded to one decimal. */
export function episodeCsv(episodes: readonly ServiceEpisode[]): string {
  const lines = episodes.map((episode) =>
    csvLine(
      EPISODE_CSV_COLUMNS.map((column) =>
        column === 'minutes' ? Math.round(episode.minutes * 10) / 10 : episode[column],
      ),
    ),
  );
  return BYTE_ORDER_MARK + csvLine(EPISODE_CSV_COLUMNS) + lines.join('');
}
