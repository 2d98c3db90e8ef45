import { Component, createRef, Fragment, type RefCallback, type VNode } from 'preact';
import { viewportSize } from '../../../viewport-size';
import { READER_INPUTS } from './reader-inputs';
import { RowHeights } from './row-heights';
import { follow, needsRedraw, OPENING_SCREENS, rangeAround, rangeAtEnd, type Range } from './window-range';

export interface WindowedListProps<T> {
  items: readonly T[];
  keyOf(item: T): string;
  /** A row's height before it was ever drawn. */
  estimate(item: T, index: number): number;
  /**
   * Draws one row as one element (or nothing), with `ref` on that element so it is measured.
   * `index` is its place in the whole list (for aria-posinset: a screen reader sees only the drawn rows).
   */
  row(item: T, index: number, ref: RefCallback<HTMLElement>): VNode;
  listClass: string;
  /**
   * Opens with this row drawn instead of the last ones (a chat's first unread entry, which the
   * page is then scrolled to); read whenever the list is drawn anew.
   */
  openAt?: number | undefined;
}

/** A drawn row and where it was: its top in the viewport, and the page's scroll then. */
interface Anchor {
  row: Element;
  top: number;
  scrollY: number;
}

/** The browser keeps the reader's place by itself as content above changes (CSS scroll anchoring). */
const browserAnchors = () => globalThis.CSS?.supports?.('overflow-anchor', 'auto') ?? false;

/**
 * A long list in a page that scrolls itself (the window, not an inner scroller): only the rows
 * near the viewport are drawn, in one <ol>, between two spacers as tall as the rows they stand
 * for (measured once drawn, estimated before). It opens at the last rows, or around `openAt`.
 *
 * The reader's place is kept whatever moves above them (rows measured at last, rows drawn or
 * dropped, items coming in above). Where the browser anchors scrolling itself (Chrome, Firefox),
 * it does, and only a change of rows is checked: the row at the top of the viewport is noted
 * before it and the page scrolled by as much as that row moved (measured in the viewport, so the
 * browser's anchoring is never counted twice; it does not anchor at the very top). Where it does
 * not (Safari), the list does all of it: the row is noted in page coordinates and any move of it
 * (a row measured, a banner above) is scrolled back before it is painted, with the browser's
 * anchoring switched off should it exist.
 */
export class WindowedList<T> extends Component<WindowedListProps<T>> {
  private readonly heights: RowHeights<T>;
  private range: Range;
  /** The items `range` counts in. */
  private shown: readonly T[];
  private readonly space = createRef<SVGSVGElement>();
  private readonly list = createRef<HTMLOListElement>();
  private readonly observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver((changes) => this.resized(changes));
  private readonly drawnAt = new Map<string, number>();
  private readonly rows = new Map<string, HTMLElement>();
  private readonly keyOfRow = new WeakMap<Element, string>();
  /** One ref per drawn key, kept while it is drawn: a row that skips rendering keeps its ref. */
  private readonly refs = new Map<string, RefCallback<HTMLElement>>();
  private anchor: Anchor | null = null;
  private readonly ownAnchoring = !browserAnchors();
  /**
   * Opened at the last rows (or around `openAt`), and the page not scrolled there yet (the chat
   * scrolls there in the next frame): rows around the viewport now would be the first ones, drawn
   * for nothing, and the rows the chat scrolls to would be gone. It ends once the viewport meets the
   * drawn rows, or the reader moves the page themselves; a scroll that is neither (the screen's
   * place kept, the browser's anchoring as the rows come) does not end it.
   */
  private opening = true;
  private readonly onInput = () => (this.opening = false);
  /** The rows' margins, the same for every row: read once. */
  private gap: number | undefined;
  private readonly onScroll = () => {
    if (this.ownAnchoring) this.keepPlace('page');
    this.fit();
  };
  private readonly onResize = () => this.fit();

  constructor(props: WindowedListProps<T>) {
    super(props);
    this.heights = new RowHeights(props.keyOf);
    this.heights.sync(props.items, props.estimate);
    this.shown = props.items;
    this.range = this.openingRange();
  }

  /** The rows drawn as the list opens: around `openAt`, else the last ones. */
  private openingRange(): Range {
    const at = this.props.openAt;
    // The size kept, not window.innerHeight: read in a render, that laid out whatever changed first.
    const { height } = viewportSize();
    if (at === undefined || at >= this.heights.length) return rangeAtEnd(this.heights, height);
    return rangeAround(this.heights, this.heights.top(at), height, OPENING_SCREENS);
  }

  override componentDidMount(): void {
    window.addEventListener('scroll', this.onScroll, { passive: true });
    window.addEventListener('resize', this.onResize);
    for (const name of READER_INPUTS) window.addEventListener(name, this.onInput, { passive: true });
    // Anything above that changes height (a banner, the older-items row) changes the page's height.
    this.observer?.observe(document.body);
    if (this.ownAnchoring) document.body.style.overflowAnchor = 'none';
    this.drawn();
  }

  override componentWillUnmount(): void {
    window.removeEventListener('scroll', this.onScroll);
    window.removeEventListener('resize', this.onResize);
    for (const name of READER_INPUTS) window.removeEventListener(name, this.onInput);
    this.observer?.disconnect();
    if (this.ownAnchoring) document.body.style.overflowAnchor = '';
  }

  /** Before the rows change: any move not yet made up for is, and the row to keep is noted. */
  override getSnapshotBeforeUpdate(): null {
    this.keepPlace(this.ownAnchoring ? 'page' : 'note');
    return null;
  }

  /**
   * Nothing here reads the layout that need not: each read lays out the rows just drawn in this
   * task, not the frame's (that layout was most of a chat's opening draw; figures: docs/performance.md).
   * Where the browser anchors, the row at the top is noted again just before the next change
   * (getSnapshotBeforeUpdate), not now. While opening, the rows' first measures (the resize
   * observer, in the frame, after its layout) and the chat's scroll to them call fit().
   */
  override componentDidUpdate(): void {
    this.keepPlace('viewport', this.ownAnchoring);
    this.drawn();
    if (!this.opening) this.fit();
  }

  override render() {
    const { items, keyOf, estimate, row, listClass } = this.props;
    this.heights.sync(items, estimate);
    if (items !== this.shown) {
      const followed = follow(this.range, this.shown, items, keyOf);
      this.opening ||= followed === null;
      this.range = followed ?? this.openingRange();
      this.shown = items;
    }
    const { start, end } = this.range;
    // Nothing until there are rows: a list drawn anew is not a layout shift, an empty one that grows at once is.
    if (items.length === 0) return null;
    const drawn: VNode[] = [];
    this.drawnAt.clear();
    for (let i = start; i < end; i += 1) {
      const key = keyOf(items[i]!);
      this.drawnAt.set(key, i);
      drawn.push(<Fragment key={key}>{row(items[i]!, i, this.refFor(key))}</Fragment>);
    }
    // The spacers are empty <svg>s sized by their height attribute: the app's markup carries no
    // style attribute (its CSP allows no inline style, and desk.spec checks there is none).
    return (
      <>
        <svg ref={this.space} class="window-space" height={this.heights.top(start)} aria-hidden="true" />
        <ol class={listClass} ref={this.list}>
          {drawn}
        </ol>
        <svg class="window-space" height={this.heights.total() - this.heights.top(end)} aria-hidden="true" />
      </>
    );
  }

  private refFor(key: string): RefCallback<HTMLElement> {
    let ref = this.refs.get(key);
    if (!ref) {
      ref = (element) => {
        if (!element) return;
        this.rows.set(key, element);
        this.keyOfRow.set(element, key);
        this.observer?.observe(element);
        return () => {
          this.observer?.unobserve(element);
          if (this.rows.get(key) === element) this.rows.delete(key);
        };
      };
      this.refs.set(key, ref);
    }
    return ref;
  }

  /** After a commit: the refs of rows no longer drawn are let go. */
  private drawn(): void {
    for (const key of this.refs.keys()) if (!this.drawnAt.has(key)) this.refs.delete(key);
  }

  private resized(changes: ResizeObserverEntry[]): void {
    for (const change of changes) {
      const key = this.keyOfRow.get(change.target);
      const index = key === undefined ? undefined : this.drawnAt.get(key);
      if (index === undefined || !change.target.isConnected) continue;
      this.gap ??= margins(change.target);
      const height = change.borderBoxSize?.[0]?.blockSize ?? change.target.getBoundingClientRect().height;
      this.heights.measure(index, height + this.gap);
    }
    if (this.ownAnchoring) this.keepPlace('page');
    this.fit();
  }

  /**
   * Scrolls by as much as the noted row moved, then notes the row at the viewport's top now.
   * `viewport`: just after a change of rows (nothing else scrolled meanwhile but the browser's
   * anchoring); `page`: at any time, where only the list anchors (the reader's own scrolling
   * does not move a row on the page); `note`: only notes. `noteAfter` false: only makes up for the move.
   */
  private keepPlace(measure: 'viewport' | 'page' | 'note', noteAfter = true): void {
    const kept = this.anchor;
    if (kept?.row.isConnected && measure !== 'note') {
      const top = kept.row.getBoundingClientRect().top;
      const moved = measure === 'viewport' ? top - kept.top : top + window.scrollY - (kept.top + kept.scrollY);
      if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: 'instant' });
    }
    this.anchor = null;
    if (!noteAfter) return;
    for (const row of this.list.current?.children ?? []) {
      const box = row.getBoundingClientRect();
      if (box.top >= window.innerHeight) break;
      if (box.bottom > 0) {
        this.anchor = { row, top: box.top, scrollY: window.scrollY };
        break;
      }
    }
  }

  /** Draws other rows once the drawn ones no longer fit around the viewport. */
  private fit(): void {
    const space = this.space.current;
    if (!space) return;
    const top = -space.getBoundingClientRect().top;
    if (this.opening) {
      const { start, end } = this.range;
      if (top + window.innerHeight <= this.heights.top(start) || top >= this.heights.top(end)) return;
      this.opening = false;
    }
    if (!needsRedraw(this.range, this.heights, top, window.innerHeight)) return;
    this.range = rangeAround(this.heights, top, window.innerHeight);
    this.forceUpdate();
  }
}

function margins(row: Element): number {
  const style = getComputedStyle(row);
  return (parseFloat(style.marginTop) || 0) + (parseFloat(style.marginBottom) || 0);
}
