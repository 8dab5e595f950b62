import { Heading } from "@react-email/components";
import type { ReactNode } from "react";

/** A section's title in an email (one eSIM of an order, the order's summary). */
export function EmailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ fontSize: "18px", margin: "24px 0 8px", textAlign: "start" }}>
      {children}
    </Heading>
  );
}
