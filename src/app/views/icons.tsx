/**
 * The app's few icons, drawn by hand on a 24-unit grid in the text colour. Each is hidden from
 * screen readers: the button or link around it carries the name.
 */
import './icons.css';

const PATHS = {
  back: 'M15 5l-7 7 7 7',
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5L20 20',
  send: 'M4 12l16-8-6 16-3-7z',
  stop: 'M7 7h10v10H7z',
  steer: 'M4 17c4-8 9-10 15-10m-4-3l4 3-4 3',
  down: 'M12 5v13m-6-6l6 6 6-6',
  chevron: 'M9 6l6 6-6 6',
  more: 'M6 12h.01M12 12h.01M18 12h.01',
  running: 'M12 4a8 8 0 1 0 8 8',
  done: 'M5 12l5 5 9-10',
  failed: 'M6 6l12 12M18 6L6 18',
  denied: 'M5.6 5.6l12.8 12.8M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16z',
  answer: 'M12 8v5m0 3.5v.01M12 3l10 17H2z',
  settings: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 2v3m0 14v3M2 12h3m14 0h3M4.9 4.9l2.1 2.1m9.9 9.9l2.1 2.1M4.9 19.1l2.1-2.1m9.9-9.9l2.1-2.1',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, class: className }: { name: IconName; class?: string }) {
  return (
    <svg class={`icon icon-${name}${className ? ` ${className}` : ''}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
