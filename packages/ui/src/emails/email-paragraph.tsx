import { Text } from "@react-email/components";
import type { ReactNode } from "react";

/** A paragraph of an email; `isStrong` for the one sentence the reader must not miss. */
export function EmailParagraph({ children, isStrong = false }: { children: ReactNode; isStrong?: boolean }) {
  return (
    <Text style={{ fontSize: "16px", lineHeight: "24px", margin: "12px 0", textAlign: "start" }}>
      {isStrong ? <strong>{children}</strong> : children}
    </Text>
  );
}
