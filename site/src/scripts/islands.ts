/**
 * Wakes the React islands of a language page (site/src/islands/island-names.ts).
 * An island hydrates when it comes near the screen, or at once when the
 * visitor reaches into it before that (a focus, a tap). Its code, React and
 * its locale's props (one JSON file per locale, island-props.ts) load only
 * then. Until it wakes an island is its server-rendered HTML, which works on
 * its own (the forms post natively); waking, it takes over what the visitor
 * did there (typed, ticked, opened, focused).
 */
import type { ComponentType } from 'react';
import { HYDRATED_ATTRIBUTE, ISLAND_ATTRIBUTE, type IslandName, type IslandProps } from '../islands/island-names';

type Loader<Name extends IslandName> = () => Promise<{ default: ComponentType<IslandProps[Name]> }>;

const COMPONENTS: { [Name in IslandName]: Loader<Name> } = {
  EnquiryAccordion: () => import('../islands/enquiry/EnquiryAccordion'),
  ClinicVideoPlayer: () => import('../islands/ClinicVideoPlayer'),
  BestBoard: () => import('../islands/BestBoard'),
};

/** How far beyond the screen an island starts to load, so it is usually awake by the time it shows. */
const NEAR_SCREEN = '200px';
/** What a visitor (or autofill) may do inside an island before it is near enough to wake: tab into a field, tap a panel, fill a field. */
const REACHING_IN = ['focusin', 'pointerdown', 'input'] as const;

const propsFiles = new Map<string, Promise<IslandProps>>();

/** One fetch per props file, however many islands share it. */
function propsOf(url: string): Promise<IslandProps> {
  let props = propsFiles.get(url);
  if (!props) {
    props = fetch(url).then((response) =>
      response.ok
        ? (response.json() as Promise<IslandProps>)
        : Promise.reject(new Error(`${url}: HTTP ${response.status}`)),
    );
    propsFiles.set(url, props);
  }
  return props;
}

const isIslandName = (name: string | null): name is IslandName => name !== null && name in COMPONENTS;

async function wake<Name extends IslandName>(element: HTMLElement, name: Name, propsUrl: string): Promise<void> {
  const [component, props, { hydrateIsland }] = await Promise.all([
    COMPONENTS[name](),
    propsOf(propsUrl),
    import('../islands/hydrate'),
  ]);
  hydrateIsland(element, component.default, props[name], () => element.setAttribute(HYDRATED_ATTRIBUTE, ''));
}

export function wakeIslands(): void {
  const started = new WeakSet<HTMLElement>();
  // The island's element has no box of its own (display: contents): its children are what shows.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting && entry.target.parentElement) start(entry.target.parentElement);
    },
    { rootMargin: `${NEAR_SCREEN} 0px` },
  );
  function reachedInto(this: HTMLElement) {
    start(this);
  }
  function start(element: HTMLElement) {
    if (started.has(element)) return;
    started.add(element);
    for (const child of element.children) observer.unobserve(child);
    for (const type of REACHING_IN) element.removeEventListener(type, reachedInto, true);
    const name = element.getAttribute(ISLAND_ATTRIBUTE);
    const propsUrl = element.dataset['props'];
    if (!isIslandName(name) || !propsUrl) return;
    // Should the code or the props not arrive, the island stays the plain page it already is.
    wake(element, name, propsUrl).catch((error: unknown) => console.warn(`The ${name} island could not wake`, error));
  }
  for (const island of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    for (const child of island.children) observer.observe(child);
    for (const type of REACHING_IN) island.addEventListener(type, reachedInto, true);
  }
}
