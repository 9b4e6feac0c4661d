// "After the next paint": a requestAnimationFrame callback runs before the next paint, a timeout queued from it runs
// after that paint. Lets a screen load what it does not need to show itself (antd islands, the feedback host) only
// once it is on screen, and keeps work that measures the page (a tour, a message) out of the frame that shows it.
import { useEffect, useState } from 'react';

/** Runs `work` after the next paint; returns what cancels it. */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** True from the frame after the first paint. */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
