/**
 * A JSON-LD block. JSON.stringify leaves `<`, `>` and `&` alone, so `</script>` in a name would end the element:
 * they become \u escapes, which JSON parsers read back as the same characters.
 */
export function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every character that could end the element escaped
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
