/** A number that eases to each new target, or jumps there under reduced motion. */
import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '../shared/useReducedMotion.ts';

/** How long a change animates. */
export const COUNT_ANIMATION_MS = 600;

/** The value to show on this frame while `target` changes. */
export function useAnimatedNumber(target: number): number {
  const reduced = useReducedMotion();
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);

  useEffect(() => {
    const from = shownRef.current;
    if (reduced || from === target) {
      shownRef.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / COUNT_ANIMATION_MS);
      const eased = 1 - (1 - progress) ** 3;
      shownRef.current = Math.round(from + (target - from) * eased);
      setShown(shownRef.current);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, reduced]);

  return shown;
}
