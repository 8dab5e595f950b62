import { type MessageId, type MessageValues, useT } from "./i18n.ts";
import type enConsoleCatalog from "./messages/console/en.json";

/**
 * The operator console's own ids (`console.*`, messages/console/xx.json; decision 072): compiled into the console's
 * build only, never the traveller's app, which imports nothing of this file. The console reads them and the shared
 * ones (errors, fields, statuses); so does the server, whose operator alert emails use `console.mail.*`.
 */
export type ConsoleMessageId = keyof typeof enConsoleCatalog;
/** An id of either catalogue: what the console and the server may say. */
export type AnyMessageId = MessageId | ConsoleMessageId;
export type TranslateAny = (id: AnyMessageId, values?: MessageValues) => string;

/** `t(id, values)` over both catalogues: the console's screens and the operators' emails. */
export const useConsoleT = useT as () => TranslateAny;
