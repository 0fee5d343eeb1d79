import { type ComponentType, lazy, useState } from "react";

/**
 * A component whose code loads on first use, like React.lazy, that can also be fetched ahead (`preload`).
 * Once its code is in, it renders at once instead of passing through Suspense, so a page or modal that was
 * preloaded before the app rendered paints without a loading state. A failed fetch is tried again next time.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = (): Promise<ComponentType<Props>> => {
    loading ??= load().then(
      (Component) => {
        loaded = Component;
        return Component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  function Preloadable(props: Props) {
    // Chosen once per mount, so the component is never swapped (and remounted) under the reader.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  /** The component once its code is in, else null (for a caller that renders it without Suspense). */
  const current = (): ComponentType<Props> | null => loaded;
  return { Component: Preloadable, preload, loaded: current };
}
