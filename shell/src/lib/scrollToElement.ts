/**
 * Scrolls to the element with `id`, waiting for it to appear: the target usually lives
 * in a remote page that is still loading right after navigation.
 */
export function scrollToElementWhenPresent(id: string, timeoutMs = 5000): () => void {
  const scroll = (element: Element) => element.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  const existing = document.getElementById(id);
  if (existing) {
    scroll(existing);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (element) {
      stop();
      scroll(element);
    }
  });
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
