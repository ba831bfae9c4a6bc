/**
 * Wraps `task` so that its calls run one after another, never two at once: each starts when the one before
 * has settled (resolved or failed), and each caller gets its own call's outcome. A buffered writer's flush is
 * called so, from its timer and from stop() alike, and a second flush must not interleave with the first.
 */
export function serialized(task: () => Promise<void>): () => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  return () => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}
