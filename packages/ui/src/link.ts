// The links' provider alone, for code that must not pull every shared component with it (the web app's entry
// script, decision 100).
export { type AnchorProps, AppLink, LinkProvider } from "./components/link.tsx";
