/** A landing section's eyebrow, heading and optional lead, left-aligned on phones and centred above. */
export function SectionHeading({
  id,
  eyebrow,
  heading,
  lead,
}: {
  id: string;
  eyebrow: string;
  heading: string;
  lead?: string;
}) {
  return (
    <div className="max-w-2xl sm:mx-auto sm:text-center">
      <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-semibold tracking-tight text-white sm:text-3xl">
        {heading}
      </h2>
      {lead ? <p className="mt-3 text-base leading-relaxed text-ink-300">{lead}</p> : null}
    </div>
  );
}
