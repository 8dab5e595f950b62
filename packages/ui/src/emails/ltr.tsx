import type { ReactNode } from "react";

/**
 * A value read left to right whatever the language around it (a code, an address, an ICCID): `<bdi dir="ltr">`, so
 * an Arabic paragraph never reorders its characters. The plain-text part writes it between Unicode isolates.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
