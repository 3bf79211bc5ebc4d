const PIXELS = { small: 48, medium: 64, large: 96 } as const;

/**
 * A newsroom's logo in a square box (the image keeps its proportions inside), or its initial on
 * a plain tile when it has none. Sizes are fixed so the layout never shifts while images load.
 */
export function NewsroomLogo({
  name,
  src,
  size,
  lazy = true,
}: {
  name: string;
  src: string | null;
  size: keyof typeof PIXELS;
  lazy?: boolean;
}) {
  const px = PIXELS[size];
  if (src) {
    // Logos are re-encoded on upload and small; Next's image optimizer would only add a hop.
    return (
      // eslint-disable-next-line @next/next/no-img-element
      <img
        className={`newsroom-logo newsroom-logo-${size}`}
        src={src}
        alt={name}
        width={px}
        height={px}
        loading={lazy ? "lazy" : undefined}
        decoding="async"
      />
    );
  }
  const initial = [...name.replace(/^[^\p{L}\p{N}]+/u, "")][0]?.toLocaleUpperCase("de") ?? "#";
  return (
    <span className={`newsroom-logo newsroom-logo-${size} newsroom-initial`} aria-hidden="true">
      {initial}
    </span>
  );
}
