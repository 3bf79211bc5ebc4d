import type { ComponentPropsWithRef } from "react";
import { cx } from "./class-names";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "danger-quiet" | "danger" | "link";
export type ButtonSize = "md" | "sm";

const VARIANT_CLASS: Record<ButtonVariant, string | undefined> = {
  primary: styles.primary,
  secondary: styles.secondary,
  "danger-quiet": styles.dangerQuiet,
  danger: styles.danger,
  link: styles.link,
};

/** The classes of a button look, for an element that is not a <button>: a plain <a> (a download, a full page load). */
export function buttonClass({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string | undefined } = {}): string {
  return cx(styles.button, VARIANT_CLASS[variant], size === "sm" && styles.sm, className);
}

export type ButtonProps = Omit<ComponentPropsWithRef<"button">, "type"> & {
  /** Required: a button without a type submits its form, which is rarely what a "button" means. */
  type: "button" | "submit" | "reset";
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * A <button> in one of the kit's looks. Everything else (name, value, disabled, formAction,
 * onClick, aria-*, ref) goes to the element as given; `className` is for placement only.
 */
export function Button({ variant = "primary", size = "md", className, type, ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...rest} />;
}
