/**
 * Hydrates one island's server-rendered element with React (the islands'
 * shared chunk: React and ReactDOM load with the first island that wakes).
 */
import { type ComponentType, type ReactNode, createElement, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Renders its child as it is and says so once React has committed the hydration. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

export function hydrateIsland<Props extends object>(
  element: Element,
  Component: ComponentType<Props>,
  props: Props,
  onHydrated: () => void,
): void {
  hydrateRoot(element, createElement(Hydrated, { onHydrated }, createElement(Component, props)));
}
