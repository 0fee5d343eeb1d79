import { useBrandName } from "../hooks/use-brand-name";

/** Sets the document title to "<title> · <brand>" (React 19 hoists <title> into <head>). */
export function DocumentTitle({ title }: { title: string }) {
  const brand = useBrandName();
  return <title>{`${title} · ${brand}`}</title>;
}
