import type { ComponentChildren } from 'preact';
import { fullTime } from './time-words';

/**
 * A row's time, with the full date as its title. The title is written when a pointer first
 * rests on it: only a mouse shows a title, and the full date needs a date formatter, whose first
 * making is a long task (the dashboard's longest when every row made one to draw; time/clock.ts).
 */
export function RowTime({ iso, id, children }: { iso: string; id?: string; children: ComponentChildren }) {
  return (
    <time class="row-time" id={id} dateTime={iso} onPointerEnter={(event) => (event.currentTarget.title ||= fullTime(iso))}>
      {children}
    </time>
  );
}
