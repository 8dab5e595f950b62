import { Button } from "@react-email/components";
import type { ReactNode } from "react";

/** The action an email leads to (see my order, top up my eSIM): a link drawn as the app's button. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        display: "inline-block",
        padding: "12px 20px",
        margin: "8px 0",
        background: "#227871",
        color: "#ffffff",
        textDecoration: "none",
        borderRadius: "8px",
        fontWeight: "bold",
      }}
    >
      {children}
    </Button>
  );
}
