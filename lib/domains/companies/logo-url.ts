/** The public address of a newsroom logo, on whichever host renders it; null without a logo. */
export function logoUrl(logoPath: string | null | undefined): string | null {
  return logoPath ? `/media/${logoPath}` : null;
}
