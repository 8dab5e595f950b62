import { type AnchorHTMLAttributes, type ComponentType, createContext, type ReactNode, useContext } from "react";

/** An inline text link's look, on the public pages and in the shared catalogue components. */
export const LINK_CLASSES =
  "rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600";

/** A link's props: a plain anchor's, with its address required. */
export type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

function PlainAnchor(props: AnchorProps) {
  return <a {...props} />;
}

const LinkContext = createContext<ComponentType<AnchorProps>>(PlainAnchor);

/**
 * What the shared components' internal links render: a plain `<a>` on the server's pages, the router's link in the
 * app (its providers pass an adapter), so the same component navigates without a reload where JavaScript runs.
 */
export function LinkProvider({ component, children }: { component: ComponentType<AnchorProps>; children: ReactNode }) {
  return <LinkContext.Provider value={component}>{children}</LinkContext.Provider>;
}

/** An internal link, drawn by the surrounding LinkProvider's component. */
export function AppLink(props: AnchorProps) {
  const Anchor = useContext(LinkContext);
  return <Anchor {...props} />;
}
