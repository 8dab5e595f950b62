import { Text } from "@react-email/components";
import { Ltr } from "./ltr.tsx";

/** A one-time code, large and spaced, its digits left to right even in an Arabic email. */
export function EmailCode({ code }: { code: string }) {
  return (
    <Text style={{ fontSize: "28px", fontWeight: "bold", letterSpacing: "6px", margin: "16px 0" }}>
      <Ltr>{code}</Ltr>
    </Text>
  );
}
