/**
 * Limits count in fixed one-minute windows; a burst that straddles a boundary would be split across two
 * windows, so a test's burst starts early enough in a window to finish inside it.
 */
export async function awaitRoomInWindow(neededMs = 20_000) {
  const into = Date.now() % 60_000;
  if (into > 60_000 - neededMs) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 50));
}
