/**
 * The island runtime: the only script a page loads before anyone interacts. It finds each island root,
 * waits for its trigger, then imports React and the island and hydrates the root in place.
 */

type BootManifest = { hydrate: string; islands: Record<string, string> };
type HydrateModule = typeof import('./hydrate');

const ACTIVATING_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

export function boot(manifest: BootManifest): void {
  document.querySelectorAll<HTMLElement>('[data-island]').forEach((root) => schedule(root, manifest));
}

function schedule(root: HTMLElement, manifest: BootManifest): void {
  const start = once(() => activate(root, manifest));
  switch (root.dataset.trigger) {
    case 'load':
      return start();
    case 'idle':
      return void ('requestIdleCallback' in window ? requestIdleCallback(start) : setTimeout(start, 200));
    case 'visible': {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      });
      // The root itself has no box (display: contents): what it holds is what comes into view.
      return observer.observe(root.firstElementChild ?? root);
    }
    default:
      for (const type of ACTIVATING_EVENTS) root.addEventListener(type, start, { once: true, passive: true });
  }
}

/** Clicks that land before hydration are held and replayed on the live element afterwards. */
async function activate(root: HTMLElement, manifest: BootManifest): Promise<void> {
  let held: HTMLElement | null = null;
  const hold = (event: Event) => {
    held = event.target as HTMLElement;
    event.preventDefault();
    event.stopPropagation();
  };
  root.addEventListener('click', hold, true);
  try {
    const name = root.dataset.island as string;
    const [runtime, island] = await Promise.all([
      import(manifest.hydrate) as Promise<HydrateModule>,
      import(manifest.islands[name]) as Promise<{ default: Parameters<HydrateModule['hydrate']>[1] }>,
    ]);
    await runtime.hydrate(
      root,
      island.default,
      JSON.parse(root.dataset.props ?? '{}'),
      root.dataset.prefix ?? '',
    );
  } catch (error) {
    console.error('island failed to load', error);
  } finally {
    root.removeEventListener('click', hold, true);
    (held as HTMLElement | null)?.click();
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}
