import { lazy, useEffect, useState, type ComponentType, type RefObject } from 'react';

/**
 * Code the first paint does not need (decision 016): `load` runs once, when first asked for
 * (`preload`, or the first render of a component from `component`); a failed load is forgotten,
 * so the next ask tries the network again.
 */
export function onDemand<M>(load: () => Promise<M>) {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return {
    preload,
    /** The module, once it has loaded. */
    loaded: () => loaded,
    /** A lazy component (render it inside <Suspense>) picked from the loaded module. */
    component<P extends object>(pick: (module: M) => ComponentType<P>) {
      return lazy(async () => ({ default: pick(await preload()) }));
    },
  };
}

/**
 * Runs `start` once the page has loaded, or at once when it already has (on `/`, `/track` and
 * `/checkout` the app is fetched after the first paint, boot.js, often after `load`); returns a
 * cancel for a start still waiting.
 */
export function afterLoad(start: () => void): () => void {
  if (document.readyState === 'complete') {
    start();
    return () => undefined;
  }
  window.addEventListener('load', start, { once: true });
  return () => window.removeEventListener('load', start);
}

/**
 * Runs `task` once, at the first sign that someone is using the page (a touch, a click, a key),
 * a moment before the tap that needs it; returns a cancel. Not when the page is merely idle: a
 * visit that only looks downloads nothing more (decision 016, "Counted in the browser").
 */
export function onFirstIntent(task: () => void): () => void {
  const listening = new AbortController();
  const run = () => {
    listening.abort();
    task();
  };
  for (const name of ['pointerdown', 'keydown']) {
    window.addEventListener(name, run, { capture: true, passive: true, signal: listening.signal });
  }
  return () => listening.abort();
}

/**
 * True from the moment `ref`'s element comes within `margin` of the screen (at once where the
 * browser cannot tell): for a part of the page below the fold, loaded as the reader nears it.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = 800): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (!('IntersectionObserver' in window)) return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}

/** True from the first render where `value` is true on: a dialog is mounted once first opened. */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/**
 * A component of an on-demand module, asked for once `wanted` (at once by default): null until
 * the module is there, then the component. Not Suspense, which holds back what it reveals by a
 * few hundred milliseconds of the page's clock: this shows as soon as the code is there. A failed
 * load is tried again the next time it is wanted or a screen using it mounts.
 */
export function useOnDemandComponent<M, P extends object>(
  source: ReturnType<typeof onDemand<M>>,
  pick: (module: M) => ComponentType<P>,
  wanted = true,
): ComponentType<P> | null {
  const [module, setModule] = useState(source.loaded);
  useEffect(() => {
    if (module || !wanted) return;
    let mounted = true;
    source.preload().then(
      (loaded) => mounted && setModule(() => loaded),
      (error: unknown) => console.warn('Part of the page could not be loaded', error),
    );
    return () => {
      mounted = false;
    };
  }, [module, source, wanted]);
  return module ? pick(module) : null;
}
