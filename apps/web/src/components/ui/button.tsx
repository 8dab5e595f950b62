import type { ButtonHTMLAttributes } from "react";
import { type ButtonVariant, buttonClasses } from "./button-classes.ts";
import { Spinner } from "./spinner.tsx";

export { BUTTON_BASE, type ButtonVariant, buttonClasses } from "./button-classes.ts";

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  isLoading?: boolean;
  fullWidth?: boolean;
}

export function Button({
  variant = "primary",
  isLoading = false,
  fullWidth = false,
  className = "",
  disabled,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, `${fullWidth ? "w-full" : ""} ${className}`)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading ? <Spinner className="size-5" /> : null}
      {children}
    </button>
  );
}
