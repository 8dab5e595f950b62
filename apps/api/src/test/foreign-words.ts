import ar from "@esim/ui/messages/ar.json" with { type: "json" };
import en from "@esim/ui/messages/en.json" with { type: "json" };
import fr from "@esim/ui/messages/fr.json" with { type: "json" };

// What a French or Arabic reader must never see in an email, a PDF or a page: an English word, or a raw code (a status,
// an UPPER_SNAKE code, a message id the catalogue did not translate). "English" is measured on the one catalogue: the
// words of its English messages that none of its French or Arabic messages uses (so "eSIM", "iPhone", "Total" or
// "minutes" are not English; "paid", "delivered", "attempts" are).

const WORD = /\p{L}[\p{L}\p{M}'’-]*\p{L}|\p{L}/gu;

function wordsOf(text: string): Set<string> {
  return new Set((text.match(WORD) ?? []).map((word) => word.toLowerCase()));
}

function catalogueWords(catalog: Record<string, string>): Set<string> {
  // Placeholders and ICU keywords are not words a reader sees.
  const text = Object.values(catalog)
    .join("\n")
    .replace(/\{[\w]+(, (plural|select|selectordinal),)?/g, " ")
    .replace(/\b(zero|one|two|few|many|other|yes|no|today|tomorrow|none)\s*\{/g, " ");
  return wordsOf(text);
}

const notEnglish = new Set([...catalogueWords(fr), ...catalogueWords(ar)]);
/** Words only the English catalogue uses. */
export const ENGLISH_ONLY_WORDS = new Set([...catalogueWords(en)].filter((word) => !notEnglish.has(word)));
const MESSAGE_IDS = Object.keys(en);

/**
 * What in `text` (a French or Arabic rendering) is English or a raw code. `data` is what the test fed in (names,
 * addresses, references): their words are the reader's own. Web addresses are left out (paths are not words).
 */
export function findForeignWords(text: string, data: string[] = []): string[] {
  const shown = text.replace(/https?:\/\/\S+/g, " ");
  const own = wordsOf(data.join(" "));
  const findings = [...wordsOf(shown)]
    .filter((word) => ENGLISH_ONLY_WORDS.has(word) && !own.has(word))
    .map((word) => `English word "${word}"`);
  for (const code of shown.match(/\b[A-Za-z]+(?:_[A-Za-z]+)+\b/g) ?? []) findings.push(`raw code "${code}"`);
  for (const id of MESSAGE_IDS) if (shown.includes(id)) findings.push(`message id "${id}"`);
  return findings;
}
