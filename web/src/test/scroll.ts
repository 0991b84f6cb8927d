import { fireEvent } from '@testing-library/react';

/**
 * Scrolls an infinite list (1000 px of content, 400 px shown) to `fromBottom` px above its end and fires the scroll
 * event the page listens to: the spec loads the next page within 100 px of the bottom.
 */
export function scrollListTo(scroller: HTMLElement, fromBottom: number): void {
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
  scroller.scrollTop = 1000 - 400 - fromBottom;
  fireEvent.scroll(scroller);
}
