import Link from "next/link";
import type { ComponentProps } from "react";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./button";

export type LinkButtonProps = ComponentProps<typeof Link> & {
  variant?: Exclude<ButtonVariant, "link">;
  size?: ButtonSize;
};

/** A Next <Link> that looks like a button: navigation ("Neue Pressemitteilung"), not an action. `className` is for placement only. */
export function LinkButton({ variant = "primary", size = "md", className, ...rest }: LinkButtonProps) {
  return <Link className={buttonClass({ variant, size, className })} {...rest} />;
}
